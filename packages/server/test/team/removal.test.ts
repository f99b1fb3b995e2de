import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispositivos } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { addMember } from './team-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function device(eventoId: number, usuarioId: number) {
  const [row] = await t.db
    .insert(dispositivos)
    .values({ eventoId, tipo: 'autorizado', nombre: 'Móvil', usuarioId, tokenHash: randomUUID() })
    .returning();
  return row!.id;
}

const revokedAt = async (id: number) =>
  (await t.db.select().from(dispositivos).where(eq(dispositivos.id, id)))[0]!.revocadoEn;

describe('removing a member (docs/rules/team.md)', () => {
  it('ends their access at the next request and revokes their devices of that event only', async () => {
    const owner = await signIn(t.db, 'organizer');
    const supervisor = await signIn(t.db, 'scanner', 'Supervisora');
    const colleague = await signIn(t.db, 'scanner', 'Compañero');
    const evento = await createEvent(t, owner);
    const other = await createEvent(t, owner);
    const member = await addMember(t, owner, evento.id, supervisor.user.email, 'supervisor');
    await addMember(t, owner, evento.id, colleague.user.email, 'barra');
    await addMember(t, owner, other.id, supervisor.user.email, 'barra');
    const theirs = await device(evento.id, supervisor.user.id);
    const theirsElsewhere = await device(other.id, supervisor.user.id);
    const colleagues = await device(evento.id, colleague.user.id);
    expect((await call(t, supervisor, 'GET', `/api/stats/${evento.id}`)).statusCode).toBe(200);

    const res = await call(t, owner, 'DELETE', `/api/eventos/${evento.id}/equipo/${member.id}`);
    expect(res.statusCode, res.body).toBe(204);

    expectApiError(await call(t, supervisor, 'GET', `/api/stats/${evento.id}`), 404);
    expect(await revokedAt(theirs)).toBeInstanceOf(Date);
    expect(await revokedAt(theirsElsewhere)).toBeNull();
    expect(await revokedAt(colleagues)).toBeNull();
    const home = (await call(t, supervisor, 'GET', '/api/barra/eventos')).json<{ id: number }[]>();
    expect(home.map((row) => row.id)).toEqual([other.id]);
  });

  it('keeps the first revocation time of a device already revoked', async () => {
    const owner = await signIn(t.db, 'organizer');
    const staff = await signIn(t.db, 'scanner');
    const evento = await createEvent(t, owner);
    const member = await addMember(t, owner, evento.id, staff.user.email, 'barra');
    const id = await device(evento.id, staff.user.id);
    const first = new Date('2026-01-01T10:00:00Z');
    await t.db.update(dispositivos).set({ revocadoEn: first }).where(eq(dispositivos.id, id));
    expect((await call(t, owner, 'DELETE', `/api/eventos/${evento.id}/equipo/${member.id}`)).statusCode).toBe(
      204,
    );
    expect((await revokedAt(id))?.toISOString()).toBe(first.toISOString());
  });

  it('shuts out a bar-staff account left on no team (403) from the event routes', async () => {
    const owner = await signIn(t.db, 'organizer');
    const staff = await signIn(t.db, 'scanner');
    const evento = await createEvent(t, owner);
    const member = await addMember(t, owner, evento.id, staff.user.email, 'supervisor');
    expect((await call(t, staff, 'GET', `/api/eventos/single/${evento.id}`)).statusCode).toBe(200);
    await call(t, owner, 'DELETE', `/api/eventos/${evento.id}/equipo/${member.id}`);
    expectApiError(await call(t, staff, 'GET', `/api/eventos/single/${evento.id}`), 403);
  });
});
