import { registerBody, type RegisterBody } from '@drinkflow/domain/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { nextPathFor, withNext } from '@/app/next-path';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError, errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { cn } from '@/lib/utils';
import { AuthLayout } from '../components/auth-layout';
import { PasswordInput } from '@/components/ui/password-input';

type RegisterForm = z.input<typeof registerBody>;

const accountTypes = [
  { value: 'organizer', title: 'Organizador de eventos', description: 'Crea eventos y gestiona tickets' },
  { value: 'scanner', title: 'Personal de barra', description: 'Escanea códigos QR' },
] as const;

function toastFor(errors: FieldErrors<RegisterForm>, values: RegisterForm) {
  const missing = !values.nombre?.trim() || !values.email?.trim() || !values.password;
  if (missing) {
    toast({
      title: 'Campos requeridos',
      description: 'Por favor completa todos los campos obligatorios.',
      variant: 'destructive',
    });
  } else if (errors.password) {
    toast({
      title: 'Contraseña muy corta',
      description: 'La contraseña debe tener al menos 6 caracteres.',
      variant: 'destructive',
    });
  } else {
    toast({
      title: 'Error al crear cuenta',
      description: 'Revisa los campos marcados.',
      variant: 'destructive',
    });
  }
}

export function RegisterPage() {
  const { user, loading, register: registerAccount } = useAuth();
  const navigate = useNavigate();
  const demo = usePublicConfig().data?.demo ?? false;
  // Carried over from the login page: the page a guard sent the person from.
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const [done, setDone] = useState(false);
  const form = useForm<RegisterForm, unknown, z.output<typeof registerBody>>({
    resolver: zodResolver(registerBody),
    defaultValues: { nombre: '', apellido: '', email: '', password: '', rol: 'organizer' },
  });
  const { errors, isSubmitting } = form.formState;
  const rol = useWatch({ control: form.control, name: 'rol' });

  if (!loading && user && !isSubmitting && !done)
    return <Navigate to={nextPathFor(next, user.rol)} replace />;

  const onValid = async (values: RegisterBody) => {
    try {
      const created = await registerAccount(values);
      setDone(true);
      toast({
        title: 'Cuenta creada exitosamente',
        description: `Bienvenido a DrinkFlow, ${created.nombre}.`,
      });
      navigate(nextPathFor(next, created.rol), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fieldMessage('email')) {
        form.setError('email', { message: error.fieldMessage('email') });
      }
      toast({
        title: 'Error al crear cuenta',
        description: errorMessage(error, 'Inténtalo de nuevo.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <AuthLayout subtitle="Crea tu cuenta" demo={demo}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid, (formErrors) => toastFor(formErrors, form.getValues()))}
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor="nombre">Nombre *</Label>
            <Input
              id="nombre"
              autoComplete="given-name"
              aria-invalid={!!errors.nombre}
              aria-describedby="nombre-error"
              {...form.register('nombre')}
            />
            <FieldError id="nombre-error" message={errors.nombre?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="apellido">Apellido</Label>
            <Input id="apellido" autoComplete="family-name" {...form.register('apellido')} />
          </div>
        </div>
        <div className="space-y-2">
          <Label htmlFor="email">Email *</Label>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            aria-describedby="email-error"
            {...form.register('email')}
          />
          <FieldError id="email-error" message={errors.email?.message} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="password">Contraseña *</Label>
          <PasswordInput
            id="password"
            autoComplete="new-password"
            aria-invalid={!!errors.password}
            aria-describedby="password-error"
            {...form.register('password')}
          />
          <FieldError id="password-error" message={errors.password?.message} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Tipo de cuenta</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {accountTypes.map((type) => (
              <label
                key={type.value}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                  rol === type.value ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
                )}
              >
                <input
                  type="radio"
                  value={type.value}
                  className="mt-1 accent-brand-700"
                  {...form.register('rol')}
                />
                <span>
                  <span className="block font-medium">{type.title}</span>
                  <span className="block text-slate-600">{type.description}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creando cuenta...' : 'Crear Cuenta'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-700">
        ¿Ya tienes cuenta?{' '}
        <Link
          to={withNext(paths.login, next)}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Inicia sesión
        </Link>
      </p>
    </AuthLayout>
  );
}
