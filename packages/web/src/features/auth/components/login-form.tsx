import type { LoginBody, User } from '@drinkflow/domain/auth';
import { useState, type FormEvent } from 'react';
import { withNext } from '@/app/next-path';
import { paths } from '@/app/paths';
import { PageLink } from '@/components/page-link';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { toast, type ToastInput } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { AuthLayout } from './auth-layout';
import { DemoUsersBox } from './demo-users-box';

interface LoginFormProps {
  /** The page a guard sent the person here from (?next=), checked before going there. */
  next: string | null;
  demo: boolean;
  signIn(body: LoginBody): Promise<User>;
  /** Signed in: greet with `welcome` and go on. */
  onSignedIn(user: User, welcome: ToastInput): void;
}

/**
 * The login page's content, without the app's router or queries: the app shows it at /login after
 * an in-app move, and login.html (login-main.tsx) prerenders and hydrates it for a fresh load.
 */
export function LoginForm({ next, demo, signIn, onSignedIn }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({
        title: 'Campos requeridos',
        description: 'Por favor completa todos los campos.',
        variant: 'destructive',
      });
      return;
    }
    setSubmitting(true);
    try {
      const signedIn = await signIn({ email: email.trim(), password });
      onSignedIn(signedIn, { title: 'Bienvenido', description: `Hola, ${signedIn.nombre}.` });
    } catch (error) {
      toast({
        title: 'Error de autenticación',
        description: errorMessage(error, 'Credenciales inválidas. Verifica tu email y contraseña.'),
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout subtitle="Inicia sesión en tu cuenta" demo={demo}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            placeholder="tu@email.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor="password">Contraseña</Label>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Iniciando sesión...' : 'Iniciar Sesión'}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-700">
        ¿No tienes cuenta?{' '}
        <PageLink
          to={withNext(paths.register, next)}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Regístrate
        </PageLink>
      </p>
      {demo && (
        <DemoUsersBox
          onPick={(demoEmail, demoPassword) => {
            setEmail(demoEmail);
            setPassword(demoPassword);
          }}
        />
      )}
    </AuthLayout>
  );
}
