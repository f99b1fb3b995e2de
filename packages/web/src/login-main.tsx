import type { AuthResponse, LoginBody, User } from '@drinkflow/domain/auth';
import { useSyncExternalStore } from 'react';
import { nextPathFor } from './app/next-path';
import { LoginForm } from './features/auth/components/login-form';
import { toastOnNextPage } from './hooks/use-toast';
import { api, ApiError } from './lib/api';
import { reloadOnFailedChunks } from './lib/chunk-reload';
import { mountPrerenderedPage } from './lib/mount-prerendered-page';
import { clearStoredSession, restoreStoredSession, storeSession } from './lib/stored-session';
import './index.css';

/*
 * The login page's own entry (login.html, sent by the server for a fresh load of /login): React and
 * the form only — no router, session provider or queries. Signing in loads the app as a whole page
 * (docs/decisions/025). The build prerenders the form into login.html, and into login-demo.html
 * with the demo accounts, which the server sends in demo mode.
 */
reloadOnFailedChunks();

const demo = document.documentElement.dataset.demo === 'true';
const nextParameter = () => new URLSearchParams(window.location.search).get('next');
const goOn = (user: User) => window.location.replace(nextPathFor(nextParameter(), user.rol));

// A session stored on this browser goes straight on once the server confirms it, as the app's
// /login does; one it refuses is forgotten (docs/rules/states-and-flows.md), one it could not be asked about is kept.
if (restoreStoredSession()) {
  api
    .get<{ user: User }>('/auth/me')
    .then(({ user }) => {
      storeSession(user);
      goOn(user);
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError) clearStoredSession();
    });
}

async function signIn(body: LoginBody): Promise<User> {
  const { user, token } = await api.post<AuthResponse>('/auth/login', body);
  storeSession(user, token);
  return user;
}

const keepSubscribed = () => () => undefined;

function LoginScreen() {
  // The prerendered HTML was made without the address: null while hydrating, then ?next=.
  const next = useSyncExternalStore(keepSubscribed, nextParameter, () => null);
  return (
    <LoginForm
      next={next}
      demo={demo}
      signIn={signIn}
      onSignedIn={(user, welcome) => {
        toastOnNextPage(welcome);
        goOn(user);
      }}
    />
  );
}

mountPrerenderedPage(<LoginScreen />);
