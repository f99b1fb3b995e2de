import type { Evento } from '@drinkflow/domain/events';
import { teamMessages, type StaffEvent, type TeamMember } from '@drinkflow/domain/team';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventoMiembros } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError, expectValidationError } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { hoursFromNow } from '../support/time';
import { uniqueEmail } from '../support/unique-values';
import { addMember } from './team-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const teamUrl = (evento: Evento) => `/api/eventos/${evento.id}/equipo`;

describe('the team API (docs/rules/team.md)', () => {
  it('adds an email with an account at once, and one without as a pending invitation with its link', async () => {
    const owner = await signIn(t.db, 'organizer', 'Dueña');
    const evento = await createEvent(t, owner);
    const staff = await signIn(t.db, 'scanner', 'Camarera');

    const active = await addMember(t, owner, evento.id, staff.user.email.toUpperCase(), 'supervisor');
    expect(active).toMatchObject({ email: staff.user.email, rol: 'supervisor', estado: 'activo' });
    expect(active.usuario).toMatchObject({ id: staff.user.id, nombre: 'Camarera' });
    expect(active).not.toHaveProperty('enlaceInvitacion');

    const email = uniqueEmail('invitada');
    const pending = await addMember(t, owner, evento.id, email, 'barra');
    expect(pending).toMatchObject({ email, rol: 'barra', estado: 'pendiente', usuario: null });
    expect(pending.enlaceInvitacion).toMatch(/^\/invitacion\/[A-Za-z0-9_-]{43}$/);

    // Only the token's sha-256 is stored; the link is in no later answer.
    const token = pending.enlaceInvitacion!.split('/').pop()!;
    const [row] = await t.db.select().from(eventoMiembros).where(eq(eventoMiembros.id, pending.id));
    expect(row!.invitacionHash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);
    const list = (await call(t, owner, 'GET', teamUrl(evento))).json<TeamMember[]>();
    expect(list.map((member) => [member.email, member.estado])).toEqual([
      [staff.user.email, 'activo'],
      [email, 'pendiente'],
    ]);
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it("refuses the owner's own email and a second add of one email (any case) with 409", async () => {
    const owner = await signIn(t.db, 'organizer');
    const evento = await createEvent(t, owner);
    expectApiError(
      await call(t, owner, 'POST', teamUrl(evento), { email: owner.user.email, rol: 'barra' }),
      409,
    );
    expect(
      (await call(t, owner, 'POST', teamUrl(evento), { email: owner.user.email, rol: 'barra' })).json(),
    ).toMatchObject({
      message: teamMessages.owner,
    });
    const email = uniqueEmail('doble');
    await addMember(t, owner, evento.id, email, 'barra');
    const again = await call(t, owner, 'POST', teamUrl(evento), {
      email: email.toUpperCase(),
      rol: 'supervisor',
    });
    expectApiError(again, 409);
    expect(again.json()).toMatchObject({ message: teamMessages.duplicate });
  });

  it('lets one of two simultaneous adds of one email through', async () => {
    const owner = await signIn(t.db, 'organizer');
    const evento = await createEvent(t, owner);
    const email = uniqueEmail('carrera');
    const answers = await Promise.all(
      [0, 1, 2].map(() => call(t, owner, 'POST', teamUrl(evento), { email, rol: 'barra' })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('answers 400 with field details to a bad email or role', async () => {
    const owner = await signIn(t.db, 'organizer');
    const evento = await createEvent(t, owner);
    expectValidationError(
      await call(t, owner, 'POST', teamUrl(evento), { email: 'no', rol: 'barra' }),
      'email',
    );
    expectValidationError(
      await call(t, owner, 'POST', teamUrl(evento), { email: uniqueEmail(), rol: 'jefe' }),
      'rol',
    );
  });

  it("changes a member's role, and answers 404 for another event's member", async () => {
    const owner = await signIn(t.db, 'organizer');
    const evento = await createEvent(t, owner);
    const other = await createEvent(t, owner);
    const member = await addMember(t, owner, evento.id, uniqueEmail(), 'barra');
    const res = await call(t, owner, 'PATCH', `${teamUrl(evento)}/${member.id}`, { rol: 'coorganizador' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TeamMember>()).toMatchObject({ id: member.id, rol: 'coorganizador' });
    expectApiError(await call(t, owner, 'PATCH', `${teamUrl(other)}/${member.id}`, { rol: 'barra' }), 404);
    expectApiError(await call(t, owner, 'DELETE', `${teamUrl(other)}/${member.id}`), 404);
  });

  it('lets an admin manage any team, and a coorganizer not (403)', async () => {
    const owner = await signIn(t.db, 'organizer');
    const coorganizer = await signIn(t.db, 'organizer');
    const admin = await signIn(t.db, 'admin');
    const evento = await createEvent(t, owner);
    await addMember(t, owner, evento.id, coorganizer.user.email, 'coorganizador');
    expectApiError(await call(t, coorganizer, 'GET', teamUrl(evento)), 403);
    expect(
      (await call(t, admin, 'POST', teamUrl(evento), { email: uniqueEmail(), rol: 'barra' })).statusCode,
    ).toBe(201);
  });
});

describe('shared events in the lists', () => {
  it("puts shared events in the organizer's list with miRol, and the reader's role in the detail", async () => {
    const owner = await signIn(t.db, 'organizer');
    const colleague = await signIn(t.db, 'organizer');
    const own = await createEvent(t, colleague, { nombre: 'Mía' });
    const shared = await createEvent(t, owner, { nombre: 'Compartida' });
    const barOnly = await createEvent(t, owner, { nombre: 'Solo barra' });
    await addMember(t, owner, shared.id, colleague.user.email, 'coorganizador');
    await addMember(t, owner, barOnly.id, colleague.user.email, 'barra');

    const list = (await call(t, colleague, 'GET', `/api/eventos/${colleague.user.id}`)).json<Evento[]>();
    // The bar's role does not read the organizer pages: that event is in the staff home only.
    expect(list.map((evento) => [evento.id, evento.miRol]).sort()).toEqual(
      [
        [own.id, 'propietario'],
        [shared.id, 'coorganizador'],
      ].sort(),
    );
    const detail = (await call(t, colleague, 'GET', `/api/eventos/single/${shared.id}`)).json<Evento>();
    expect(detail.miRol).toBe('coorganizador');
    // Another organizer's own list still stops at their own events.
    const ownerList = (await call(t, owner, 'GET', `/api/eventos/${owner.user.id}`)).json<Evento[]>();
    expect(ownerList.map((evento) => evento.id).sort()).toEqual([shared.id, barOnly.id].sort());
  });

  it('gives the staff home the events of every team the user is on: active, then upcoming, then finished', async () => {
    const owner = await signIn(t.db, 'organizer');
    const staff = await signIn(t.db, 'scanner');
    const finished = await createEvent(t, owner, {
      nombre: 'Pasada',
      fechaInicio: hoursFromNow(-30),
      fechaFin: hoursFromNow(-24),
    });
    const later = await createEvent(t, owner, {
      nombre: 'Lejana',
      fechaInicio: hoursFromNow(48),
      fechaFin: hoursFromNow(54),
    });
    const soon = await createEvent(t, owner, {
      nombre: 'Mañana',
      fechaInicio: hoursFromNow(24),
      fechaFin: hoursFromNow(30),
    });
    const now = await createEvent(t, owner, {
      nombre: 'Ahora',
      fechaInicio: hoursFromNow(-1),
      fechaFin: hoursFromNow(5),
      barras: ['Barra 1'],
    });
    const notMine = await createEvent(t, owner, { nombre: 'Ajena' });
    for (const evento of [finished, later, soon])
      await addMember(t, owner, evento.id, staff.user.email, 'barra');
    await addMember(t, owner, now.id, staff.user.email, 'supervisor');
    await addMember(t, owner, notMine.id, uniqueEmail(), 'barra');

    const res = await call(t, staff, 'GET', '/api/barra/eventos');
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json<StaffEvent[]>();
    expect(home.map((evento) => [evento.nombre, evento.estado, evento.rol])).toEqual([
      ['Ahora', 'activo', 'supervisor'],
      ['Mañana', 'próximo', 'barra'],
      ['Lejana', 'próximo', 'barra'],
      ['Pasada', 'finalizado', 'barra'],
    ]);
    expect(home[0]!.barras).toEqual(['Barra 1']);
    expect((await call(t, null, 'GET', '/api/barra/eventos')).statusCode).toBe(401);
  });
});
