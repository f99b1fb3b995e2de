import type { ReactNode } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';

interface FormFieldProps {
  id: string;
  label: string;
  /** Shows the visual '*'; the control itself carries `required` for assistive technology. */
  required?: boolean;
  error?: string;
  children: ReactNode;
}

/** A visible label, the control and its inline error (linked through `${id}-error`). */
export function FormField({ id, label, required, error, children }: FormFieldProps) {
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
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
