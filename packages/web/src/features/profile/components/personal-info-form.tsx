import type { User } from '@drinkflow/domain/auth';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { useUpdateProfile } from '../api/update-profile';

type Field = 'nombre' | 'apellido' | 'email';
const labels: Record<Field, string> = { nombre: 'Nombre', apellido: 'Apellido', email: 'Email' };
// Worded as the shared schemas word theirs ('El nombre es obligatorio').
const requiredMessages: Record<Field, string> = {
  nombre: 'El nombre es obligatorio',
  apellido: 'El apellido es obligatorio',
  email: 'El email es obligatorio',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function PersonalInfoForm({ user }: { user: User }) {
  const [values, setValues] = useState<Record<Field, string>>({
    nombre: user.nombre,
    apellido: user.apellido ?? '',
    email: user.email,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useUpdateProfile();

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    for (const field of ['nombre', 'apellido', 'email'] as const) {
      if (!values[field].trim()) problems[field] = requiredMessages[field];
    }
    if (!problems.email && !EMAIL.test(values.email.trim())) problems.email = 'Email inválido';
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      toast({
        title: 'Campos requeridos',
        description: 'Nombre, apellido y email son obligatorios.',
        variant: 'destructive',
      });
      return;
    }
    update.mutate(values, {
      onSuccess: () =>
        toast({ title: 'Perfil actualizado', description: 'Tus datos se han guardado correctamente.' }),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldMessage('email'))
          setErrors({ email: error.fieldMessage('email') });
        toast({
          title: 'Error al actualizar perfil',
          description: errorMessage(error, 'Hubo un problema al actualizar tu perfil.'),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Información personal</CardTitle>
        <CardDescription>
          Tu nombre aparece en el panel; el email es tu usuario para iniciar sesión.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          {(['nombre', 'apellido', 'email'] as const).map((field) => (
            <div key={field} className="grid gap-2">
              <Label htmlFor={`profile-${field}`}>{labels[field]} *</Label>
              <Input
                id={`profile-${field}`}
                type={field === 'email' ? 'email' : 'text'}
                autoComplete={field === 'email' ? 'email' : field === 'nombre' ? 'given-name' : 'family-name'}
                value={values[field]}
                aria-invalid={!!errors[field]}
                aria-describedby={errors[field] ? `profile-${field}-error` : undefined}
                onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              />
              <FieldError id={`profile-${field}-error`} message={errors[field]} />
            </div>
          ))}
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Guardando...' : 'Guardar Cambios'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
