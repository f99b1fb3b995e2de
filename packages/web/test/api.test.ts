import { describe, expect, it, vi } from 'vitest';
import { api, ApiError, TOKEN_KEY } from '@/lib/api';

function respond(status: number, body: string, contentType = 'application/json') {
  const fetchMock = vi.fn(
    async () =>
      new Response(body, { status, statusText: 'Status Text', headers: { 'content-type': contentType } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  it('sends the stored token as a Bearer header and JSON bodies with their content type', async () => {
    localStorage.setItem(TOKEN_KEY, 'secreto');
    const fetchMock = respond(200, '{"ok":true}');
    await expect(api.post('/auth/login', { email: 'a@b.es' })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/login',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"email":"a@b.es"}',
        headers: { authorization: 'Bearer secreto', 'content-type': 'application/json' },
      }),
    );
  });

  it('uses the server message, then its error code, then the status text', async () => {
    respond(409, '{"message":"Ya existe una cuenta con este email","error":"conflict"}');
    await expect(api.get('/x')).rejects.toMatchObject({
      message: 'Ya existe una cuenta con este email',
      status: 409,
    });
    respond(400, '{"error":"validation_error"}');
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'validation_error' });
    respond(500, '{}');
    await expect(api.get('/x')).rejects.toMatchObject({ message: 'Status Text' });
  });

  it('reports a non-JSON failure with its status code and text', async () => {
    respond(502, 'Bad gateway', 'text/plain');
    await expect(api.get('/x')).rejects.toMatchObject({ message: '502 Bad gateway', status: 502 });
  });

  it('exposes field messages and can resolve null on 401', async () => {
    respond(
      400,
      '{"message":"m","error":"validation_error","details":[{"field":"email","message":"Email inválido"}]}',
    );
    const error = await api.get('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldMessage('email')).toBe('Email inválido');
    respond(401, '{"message":"no","error":"unauthorized"}');
    await expect(api.get('/auth/me', { nullOn401: true })).resolves.toBeNull();
  });
});
