import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { LoginBody } from '@drinkflow/domain/auth';
import { nextPathFor } from '@/app/next-path';
import { toast } from '@/hooks/use-toast';
import { useAuth } from '@/lib/auth';
import { usePublicConfig } from '@/lib/config';
import { LoginForm } from '../components/login-form';

/** /login inside the app (reached by an in-app move, e.g. a guard); a fresh load gets login.html. */
export function LoginPage() {
  const { user, loading, login } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const demo = usePublicConfig().data?.demo ?? false;
  // Signing in here sets the user before the welcome: only an earlier session redirects at once.
  const [signingIn, setSigningIn] = useState(false);

  if (!loading && user && !signingIn) return <Navigate to={nextPathFor(next, user.rol)} replace />;

  async function signIn(body: LoginBody) {
    setSigningIn(true);
    try {
      return await login(body);
    } catch (error) {
      setSigningIn(false);
      throw error;
    }
  }

  return (
    <LoginForm
      next={next}
      demo={demo}
      signIn={signIn}
      onSignedIn={(signedIn, welcome) => {
        toast(welcome);
        navigate(nextPathFor(next, signedIn.rol), { replace: true });
      }}
    />
  );
}
