import { PASSWORD_MIN } from '@drinkflow/domain/auth';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useChangePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const empty: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };
const fields: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Contraseña actual', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Nueva contraseña', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirmar nueva contraseña', autoComplete: 'new-password' },
];

export function ChangePasswordForm() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useChangePassword();

  function fail(field: Field, message: string) {
    setErrors({ [field]: message });
    toast({ title: 'Error al cambiar contraseña', description: message, variant: 'destructive' });
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!values.currentPassword) return fail('currentPassword', 'La contraseña actual es obligatoria');
    if (values.newPassword.length < PASSWORD_MIN) {
      return fail('newPassword', 'La nueva contraseña debe tener al menos 6 caracteres.');
    }
    if (values.newPassword !== values.confirmPassword)
      return fail('confirmPassword', 'Las contraseñas no coinciden.');
    setErrors({});
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(empty);
          toast({
            title: 'Contraseña actualizada',
            description: 'Las demás sesiones abiertas se han cerrado.',
          });
        },
        onError: (error) => fail('currentPassword', errorMessage(error, 'No se pudo cambiar la contraseña.')),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Cambiar contraseña</CardTitle>
        <CardDescription>Al menos {PASSWORD_MIN} caracteres.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {fields.map(({ name, label, autoComplete }) => (
            <div key={name} className="grid gap-2">
              <Label htmlFor={`password-${name}`}>{label}</Label>
              <PasswordInput
                id={`password-${name}`}
                autoComplete={autoComplete}
                value={values[name]}
                aria-invalid={!!errors[name]}
                aria-describedby={errors[name] ? `password-${name}-error` : undefined}
                onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
              />
              <FieldError id={`password-${name}-error`} message={errors[name]} />
            </div>
          ))}
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Guardando...' : 'Cambiar Contraseña'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
