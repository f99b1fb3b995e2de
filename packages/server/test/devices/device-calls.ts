import type { TeamRole } from '@drinkflow/domain/team';
import type { PairedDevice, Pairing } from '@drinkflow/domain/devices';
import { expect } from 'vitest';
import { eventoMiembros } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { call } from '../support/api';
import type { TestApp } from '../support/test-app';
import { uniqueAddress } from '../support/unique-values';

/** A member of the event's team with `rol`, written straight to evento_miembros (the team API is another suite's). */
export async function member(
  t: TestApp,
  eventoId: number,
  rol: TeamRole,
  nombre = 'Miembro',
): Promise<Account> {
  const account = await signIn(t.db, 'scanner', nombre);
  await t.db
    .insert(eventoMiembros)
    .values({ eventoId, email: account.user.email, rol, usuarioId: account.user.id });
  return account;
}

export const pairingsUrl = (eventoId: number | string) =>
  `/api/eventos/${eventoId}/dispositivos/emparejamientos`;
export const boardUrl = (eventoId: number | string) => `/api/eventos/${eventoId}/dispositivos`;
export const ownUrl = (eventoId: number | string) => `/api/eventos/${eventoId}/dispositivos/propio`;
export const revokeUrl = (eventoId: number | string, deviceId: number | string) =>
  `/api/eventos/${eventoId}/dispositivos/${deviceId}/revocar`;

/** POST …/emparejamientos as `who`; fails the test unless it answers 201. */
export async function issueCode(t: TestApp, who: Account, eventoId: number): Promise<Pairing> {
  const res = await call(t, who, 'POST', pairingsUrl(eventoId));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Pairing>();
}

/** POST /api/dispositivos/emparejar without a session, from `remoteAddress` (a fresh one by default). */
export function pairWith(t: TestApp, body: Record<string, unknown>, remoteAddress = uniqueAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/dispositivos/emparejar', payload: body, remoteAddress });
}

/** Pairs a device with a new code of the event; fails the test unless it answers 201. */
export async function pairedDevice(
  t: TestApp,
  who: Account,
  eventoId: number,
  body: { nombre?: string; barra?: string } = {},
): Promise<PairedDevice> {
  const { codigo } = await issueCode(t, who, eventoId);
  const res = await pairWith(t, { codigo, nombre: 'Móvil de barra', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PairedDevice>();
}
