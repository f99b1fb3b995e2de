import type { GuestTicket } from '@drinkflow/domain/guest-ticket';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../setup/test-app';

/** The token of a ticket's `enlaceInvitado` ('/t/<token>'). */
export function tokenOf(enlaceInvitado: string): string {
  const match = /^\/t\/([A-Za-z0-9_-]+)$/.exec(enlaceInvitado);
  if (!match) throw new Error(`not a guest link: ${enlaceInvitado}`);
  return match[1]!;
}

/** GET /api/t/{token} without a session, from `remoteAddress` (default 127.0.0.1). */
export const guestGet = (t: TestApp, token: string, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url: `/api/t/${token}`, remoteAddress });

/** A 200 guest answer; returns its body. */
export function expectGuest(res: LightMyRequestResponse, expected: Partial<GuestTicket> = {}): GuestTicket {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<GuestTicket>();
  expect(body).toMatchObject(expected);
  return body;
}
