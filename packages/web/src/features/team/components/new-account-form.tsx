import { acceptInvitationBody } from '@drinkflow/domain/team';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { describedBy, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api';
import type { NewAccountFields } from '../api/invitation';

const newAccountBody = acceptInvitationBody.required({ nombre: true, password: true });
const fields = ['nombre', 'apellido', 'password'] as const;
type Field = (typeof fields)[number];
type Errors = Partial<Record<Field, string>>;

interface NewAccountFormProps {
  email: string;
  /** Creates the account and joins; a refusal it throws is shown on its fields. */
  onCreate(account: NewAccountFields): Promise<void>;
}

/** For an email without an account: nombre, apellido and a password, then 'Crear cuenta y unirme'. */
export function NewAccountForm({ email, onCreate }: NewAccountFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({ nombre: '', apellido: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = newAccountBody.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setSubmitting(true);
    try {
      await onCreate({
        nombre: parsed.data.nombre,
        apellido: parsed.data.apellido ?? undefined,
        password: parsed.data.password,
      });
    } catch (error) {
      const fieldErrors: Errors = {};
      if (error instanceof ApiError)
        for (const field of fields) fieldErrors[field] = error.fieldMessage(field);
      setErrors(fieldErrors);
      if (!Object.values(fieldErrors).some(Boolean))
        setFormError(
          error instanceof ApiError ? error.message : 'No se pudo crear la cuenta. Inténtalo de nuevo.',
        );
      setSubmitting(false);
    }
  }

  const input = (field: Field) => ({
    id: `invitation-${field}`,
    value: values[field],
    'aria-invalid': !!errors[field],
    'aria-describedby': describedBy(`invitation-${field}`, { error: errors[field] }),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Crear cuenta">
      <p className="text-sm text-slate-700">
        Crea tu cuenta de personal de barra para <strong className="break-all">{email}</strong>.
      </p>
      <FormField id="invitation-nombre" label="Nombre" required error={errors.nombre}>
        <Input {...input('nombre')} required autoComplete="given-name" />
      </FormField>
      <FormField id="invitation-apellido" label="Apellido" error={errors.apellido}>
        <Input {...input('apellido')} autoComplete="family-name" />
      </FormField>
      <FormField id="invitation-password" label="Contraseña" required error={errors.password}>
        <PasswordInput {...input('password')} required autoComplete="new-password" />
      </FormField>
      {formError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? 'Creando cuenta...' : 'Crear cuenta y unirme'}
      </Button>
    </form>
  );
}
