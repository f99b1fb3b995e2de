import type { ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';

interface FormFieldProps {
  id: string;
  label: string;
  /** Shows the visual '*'; the control itself carries `required` for assistive technology. */
  required?: boolean;
  error?: string;
  /** A short help text under the control, linked through `${id}-hint`. */
  hint?: ReactNode;
  children: ReactNode;
}

/** The ids a control names in aria-describedby: its hint and, when present, its error. */
export const describedBy = (id: string, { hint, error }: { hint?: boolean; error?: string }) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/** A visible label, the control, its hint and its inline error (`${id}-error`). */
export function FormField({ id, label, required, error, hint, children }: FormFieldProps) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
