import type { User } from '@drinkflow/domain/auth';
import { useMemo, useSyncExternalStore } from 'react';
import { TOKEN_KEY, USER_KEY } from './api';

/*
 * The session as this browser stored it at sign-in: a token and the user. Read without asking the
 * server, so pages that load without the app's session provider (the landing page) can greet a
 * signed-in visitor; the app itself verifies the token (lib/auth.tsx).
 */

function readStoredUser(): User | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as User;
    return parsed && typeof parsed.id === 'number' && typeof parsed.rol === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** The stored user when a token is stored too, without checking either or clearing anything. */
export const storedSignedInUser = (): User | null =>
  localStorage.getItem(TOKEN_KEY) ? readStoredUser() : null;

/** Stores the user, and the token when one was just issued (sign-in, registration). */
export function storeSession(user: User, token?: string): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/** The stored user when a token and a parseable user are both stored; otherwise clears both. */
export function restoreStoredSession(): User | null {
  const stored = localStorage.getItem(TOKEN_KEY) ? readStoredUser() : null;
  if (!stored) clearStoredSession();
  return stored;
}

const subscribeToStorage = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};
const storedUserText = () => (localStorage.getItem(TOKEN_KEY) ? (localStorage.getItem(USER_KEY) ?? '') : '');

/**
 * The stored user for a page prerendered at build time: `undefined` while hydrating (the HTML was
 * made without a browser's storage), then the user or null; follows sign-outs in other tabs.
 */
export function useStoredUser(): User | null | undefined {
  const text = useSyncExternalStore(subscribeToStorage, storedUserText, () => undefined);
  return useMemo(() => (text === undefined ? undefined : restoreStoredSession()), [text]);
}
