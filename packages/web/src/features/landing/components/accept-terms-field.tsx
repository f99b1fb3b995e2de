import type { UseFormRegisterReturn } from 'react-hook-form';
import { paths } from '@/app/paths';
import { FieldError } from '@/components/ui/field-error';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

interface AcceptTermsFieldProps {
  id: string;
  registration: UseFormRegisterReturn;
  error?: string;
}

/** The consent checkbox; its links open in a new tab so the half-filled form is not lost. */
export function AcceptTermsField({ id, registration, error }: AcceptTermsFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-700"
          {...registration}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          He leído y acepto las{' '}
          <a href={paths.legal.terms} target="_blank" rel="noopener" className={linkClass}>
            condiciones de uso
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>{' '}
          y la{' '}
          <a href={paths.legal.privacy} target="_blank" rel="noopener" className={linkClass}>
            política de privacidad
            <span className="sr-only"> (se abre en una pestaña nueva)</span>
          </a>
          <span aria-hidden className="ml-0.5 text-red-700">
            *
          </span>
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
