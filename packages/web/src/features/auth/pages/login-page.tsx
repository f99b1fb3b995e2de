import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { nextPathFor, withNext } from '@/app/next-path';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { AuthLayout } from '../components/auth-layout';
import { DemoUsersBox } from '../components/demo-users-box';
import { PasswordInput } from '@/components/ui/password-input';

export function LoginPage() {
  const { user, loading, login } = useAuth();
  const navigate = useNavigate();
  // The page a guard sent the person here from (?next=), checked before going there.
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  if (!loading && user && !submitting) return <Navigate to={nextPathFor(next, user.rol)} replace />;

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
      const signedIn = await login({ email: email.trim(), password });
      toast({ title: 'Bienvenido', description: `Hola, ${signedIn.nombre}.` });
      navigate(nextPathFor(next, signedIn.rol), { replace: true });
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
    <AuthLayout subtitle="Inicia sesión en tu cuenta">
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
        <Link
          to={withNext(paths.register, next)}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Regístrate
        </Link>
      </p>
      <DemoUsersBox
        onPick={(demoEmail, demoPassword) => {
          setEmail(demoEmail);
          setPassword(demoPassword);
        }}
      />
    </AuthLayout>
  );
}
