import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, USER_KEY } from '@/lib/api';
import { AuthProvider, useAuth } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { failure, serveApi } from './support/api-stub';
import { anOrganizer } from './support/entities';
import { signIn } from './support/render-app';

const stored = anOrganizer();

function WhoAmI() {
  const { user, loading } = useAuth();
  return <p>{loading ? 'cargando' : (user?.nombre ?? 'anónimo')}</p>;
}

const renderWithAuth = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <WhoAmI />
      </AuthProvider>
    </QueryClientProvider>,
  );

describe('AuthProvider', () => {
  it('restores a stored session and refreshes the user from the server', async () => {
    signIn(stored);
    serveApi({ 'GET /api/auth/me': { user: { ...stored, nombre: 'Olga Nueva' } } });
    renderWithAuth();
    expect(await screen.findByText('Olga Nueva')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(USER_KEY)!).nombre).toBe('Olga Nueva');
  });

  it('clears the session when the server rejects the token', async () => {
    signIn(stored);
    serveApi({ 'GET /api/auth/me': failure(401, { message: 'no', error: 'unauthorized' }) });
    renderWithAuth();
    expect(await screen.findByText('anónimo')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  it('keeps the session when the server could not be reached, e.g. the page was left mid-check', async () => {
    signIn(stored);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithAuth();
    expect(await screen.findByText(stored.nombre)).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!).id).toBe(stored.id);
  });

  it('clears an unparseable stored user without calling the server', () => {
    localStorage.setItem(TOKEN_KEY, 't');
    localStorage.setItem(USER_KEY, '{roto');
    const fetchMock = serveApi({});
    renderWithAuth();
    expect(screen.getByText('anónimo')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fails when used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<WhoAmI />)).toThrow('useAuth debe usarse dentro de AuthProvider');
  });
});
