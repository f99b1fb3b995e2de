import type { AuthResponse, LoginBody, RegisterBody, User } from '@drinkflow/domain/auth';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { api, ApiError, TOKEN_KEY } from './api';
import { clearStoredSession, restoreStoredSession, storeSession } from './stored-session';

interface AuthState {
  user: User | null;
  /** True until a stored session has been restored (or found absent). */
  loading: boolean;
  /** The user signed out in this page session (guards then send them home, not to /login). */
  signedOut: boolean;
  login(body: LoginBody): Promise<User>;
  register(body: RegisterBody): Promise<User>;
  logout(): Promise<void>;
  /** Replaces the stored user after a profile change. */
  setUser(user: User): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<User | null>(restoreStoredSession);
  // Loading while a restored session's token is being verified with the server.
  const [loading, setLoading] = useState(() => localStorage.getItem(TOKEN_KEY) !== null);
  const [signedOut, setSignedOut] = useState(false);

  const persist = useCallback((next: User, token?: string) => {
    storeSession(next, token);
    if (token) setSignedOut(false);
    setUserState(next);
  }, []);

  // docs/rules/states-and-flows.md: a restored session's token is verified; any non-OK answer signs out locally.
  useEffect(() => {
    if (!localStorage.getItem(TOKEN_KEY)) return;
    let cancelled = false;
    // The answer mounts the page the guard held back (a whole area on a fresh load): as a
    // transition, React renders it in slices instead of one long task (docs/decisions/024).
    api
      .get<{ user: User }>('/auth/me')
      .then(({ user: fresh }) => {
        if (!cancelled) startTransition(() => persist(fresh));
      })
      .catch((error: unknown) => {
        // Only the server's refusal ends the session. No answer at all (no signal at the venue, or
        // the page being left mid-request) keeps it: the next request's answer decides.
        if (cancelled || !(error instanceof ApiError)) return;
        clearStoredSession();
        startTransition(() => setUserState(null));
      })
      .finally(() => {
        if (!cancelled) startTransition(() => setLoading(false));
      });
    return () => {
      cancelled = true;
    };
  }, [persist]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      loading,
      signedOut,
      async login(body) {
        const response = await api.post<AuthResponse>('/auth/login', body);
        persist(response.user, response.token);
        return response.user;
      },
      async register(body) {
        const response = await api.post<AuthResponse>('/auth/register', body);
        persist(response.user, response.token);
        return response.user;
      },
      async logout() {
        // Signed out locally at once; the server revokes the token in the background.
        const token = localStorage.getItem(TOKEN_KEY);
        clearStoredSession();
        setSignedOut(true);
        setUserState(null);
        queryClient.clear();
        if (token) {
          await api
            .post('/auth/logout', undefined, { headers: { authorization: `Bearer ${token}` } })
            .catch(() => undefined);
        }
      },
      setUser: (next) => persist(next),
    }),
    [user, loading, signedOut, persist, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth debe usarse dentro de AuthProvider');
  return context;
}
