import { describe, expect, it } from 'vitest';
import { demoRequest } from '../src/demo-request';
import { apiKeyResponse } from '../src/events';
import { deletedResponse, noContent } from '../src/responses';

// Response schemas serialize what the server sends: they keep the documented fields and drop the rest.
describe('response schemas', () => {
  it('answers a delete with its message and the id that is gone', () => {
    const sent = { message: 'Evento eliminado', id: 7 };
    expect(deletedResponse.parse({ ...sent, organizadorId: 2 })).toEqual(sent);
    expect(deletedResponse.safeParse({ message: 'x', id: 0 }).success).toBe(false);
  });

  it('answers a 204 with no body', () => {
    expect(noContent.parse(null)).toBeNull();
    expect(noContent.safeParse({}).success).toBe(false);
  });

  it('answers a new API key with the key alone', () => {
    expect(apiKeyResponse.parse({ apiKey: 'abc123', id: 1, nombre: 'Boda' })).toEqual({ apiKey: 'abc123' });
  });

  it('answers a demo request with what was stored', () => {
    const stored = {
      id: 1,
      name: 'Lucía',
      email: 'lucia@example.com',
      phone: null,
      eventType: 'boda',
      guestCount: 120,
      eventDate: '2027-06-12',
      message: null,
      acceptTerms: true,
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    expect(demoRequest.parse({ ...stored, ip: '127.0.0.1' })).toEqual(stored);
  });
});
