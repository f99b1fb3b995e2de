import type { AuthResponse } from '@drinkflow/domain/auth';
import { homePathFor } from '@drinkflow/domain/roles';
import { teamMessages, type InvitationInfo, type StaffEvent, type TeamMember } from '@drinkflow/domain/team';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventoMiembros, users } from '../../src/db/schema';
import { login, signIn, type Account } from '../support/accounts';
import { call, expectApiError, expectValidationError } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/unique-values';
import { addMember } from './team-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An owner's event with a pending invitation for a new email; its token from the link. */
async function invitation(email = uniqueEmail('invitada')) {
  const owner = await signIn(t.db, 'organizer', 'Lucía');
  const evento = await createEvent(t, owner, { nombre: 'Festival de otoño' });
  const member = await addMember(t, owner, evento.id, email, 'supervisor');
  const token = member.enlaceInvitacion!.replace('/invitacion/', '');
  return { owner, evento, member, email, token };
}

const info = (token: string) => call(t, null, 'GET', `/api/invitaciones/${token}`);
const accept = (token: string, who: Account | null, body: Record<string, unknown> = {}) =>
  call(t, who, 'POST', `/api/invitaciones/${token}/aceptar`, body);
const newAccount = { nombre: 'Marta', apellido: 'Ruiz', password: 'secreto-123' };

describe('invitations (docs/rules/team.md)', () => {
  it('shows what it is for, with no session', async () => {
    const { evento, email, token } = await invitation();
    const res = await info(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InvitationInfo>()).toEqual({
      email,
      rol: 'supervisor',
      evento: {
        id: evento.id,
        nombre: 'Festival de otoño',
        fechaInicio: evento.fechaInicio,
        fechaFin: evento.fechaFin,
      },
      organizador: 'Lucía',
      cuentaExiste: false,
    });
  });

  it("creates a bar-staff account with the invitation's email, signed in, that lands on /barra with the event", async () => {
    const { evento, email, token } = await invitation();
    const res = await accept(token, null, newAccount);
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json<AuthResponse>();
    expect(session.user).toMatchObject({ email, rol: 'scanner', nombre: 'Marta', apellido: 'Ruiz' });
    expect(homePathFor(session.user.rol)).toBe('/barra');
    const staff: Account = {
      user: session.user,
      token: session.token,
      headers: { authorization: `Bearer ${session.token}` },
    };
    const home = (await call(t, staff, 'GET', '/api/barra/eventos')).json<StaffEvent[]>();
    expect(home.map((evento) => [evento.id, evento.rol])).toEqual([[evento.id, 'supervisor']]);
    // A supervisor reads the event's statistics with that account.
    expect((await call(t, staff, 'GET', `/api/stats/${evento.id}`)).statusCode).toBe(200);
    // And signs in again with the password chosen.
    expect((await login(t.app, { email, password: newAccount.password })).statusCode).toBe(200);
  });

  it('is used once: a second acceptance and a second reading answer 404', async () => {
    const { token } = await invitation();
    expect((await accept(token, null, newAccount)).statusCode).toBe(201);
    const again = await accept(token, null, newAccount);
    expectApiError(again, 404);
    expect(again.json()).toMatchObject({ message: teamMessages.invitationInvalid });
    expectApiError(await info(token), 404);
  });

  it('lets one of two simultaneous acceptances join', async () => {
    const email = uniqueEmail('doble');
    const { token } = await invitation(email);
    const staff = await signIn(t.db, 'scanner');
    // Two signed-in acceptances of one account at once (the account made with the invitation's email).
    await t.db
      .update((await import('../../src/db/schema')).users)
      .set({ email })
      .where(eq((await import('../../src/db/schema')).users.id, staff.user.id));
    const who = { ...staff, user: { ...staff.user, email } };
    const answers = await Promise.all([accept(token, who), accept(token, who), accept(token, who)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404, 404]);
  });

  it('expires after its days: 404, and the team shows it as caducada', async () => {
    const { owner, evento, member, token } = await invitation();
    await t.db
      .update(eventoMiembros)
      .set({ invitacionCaducaEn: new Date(Date.now() - 1000) })
      .where(eq(eventoMiembros.id, member.id));
    expectApiError(await info(token), 404);
    expectApiError(await accept(token, null, newAccount), 404);
    const team = (await call(t, owner, 'GET', `/api/eventos/${evento.id}/equipo`)).json<TeamMember[]>();
    expect(team.find((row) => row.id === member.id)?.estado).toBe('caducada');
  });

  it('joins the signed-in account of its email, and refuses another account with 409', async () => {
    const { owner, evento, member, token } = await invitation();
    const stranger = await signIn(t.db, 'organizer');
    const wrong = await accept(token, stranger);
    expectApiError(wrong, 409);
    expect(wrong.json()).toMatchObject({ message: teamMessages.wrongAccount });

    const [row] = await t.db.select().from(eventoMiembros).where(eq(eventoMiembros.id, member.id));
    const invited = await signIn(t.db, 'organizer', 'Invitada');
    await t.db.update(users).set({ email: row!.email.toUpperCase() }).where(eq(users.id, invited.user.id));
    const res = await accept(token, invited);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TeamMember>()).toMatchObject({ id: member.id, estado: 'activo', rol: 'supervisor' });
    const detail = await call(t, invited, 'GET', `/api/eventos/single/${evento.id}`);
    expect(detail.json()).toMatchObject({ miRol: 'supervisor' });
    expect(
      (await call(t, owner, 'GET', `/api/eventos/${evento.id}/equipo`)).json<TeamMember[]>()[0],
    ).toMatchObject({
      estado: 'activo',
      usuario: { id: invited.user.id },
    });
  });

  it('asks an existing account to sign in (409) instead of creating one, and wants a name and password', async () => {
    // An account made with that email after the invitation was sent (one made before joins at once).
    const { email, token } = await invitation();
    const existing = await signIn(t.db, 'organizer');
    await t.db.update(users).set({ email }).where(eq(users.id, existing.user.id));
    expect((await info(token)).json<InvitationInfo>().cuentaExiste).toBe(true);
    const res = await accept(token, null, newAccount);
    expectApiError(res, 409);
    expect(res.json()).toMatchObject({ message: teamMessages.emailTaken });

    const other = await invitation();
    expectValidationError(await accept(other.token, null, { password: 'secreto-123' }), 'nombre');
    expectValidationError(await accept(other.token, null, { nombre: 'Marta', password: '1' }), 'password');
  });

  it('answers 404 to an unknown token and 400 to a malformed one', async () => {
    expectApiError(await info('A'.repeat(43)), 404);
    expectApiError(await info('no válido'), 400);
  });
});
