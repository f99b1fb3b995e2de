import { Writable } from 'node:stream';
import type { AuthResponse } from '@drinkflow/domain/auth';
import type { Evento } from '@drinkflow/domain/events';
import { teamRoleDescriptions, type TeamMember } from '@drinkflow/domain/team';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { enviosEmail, eventoMiembros, users } from '../../src/db/schema';
import { signIn, type Account } from '../support/accounts';
import { call } from '../support/api';
import { openTestDatabase } from '../support/database';
import { createEvent } from '../support/events';
import type { TestApp } from '../support/test-app';
import { uniqueEmail } from '../support/unique-values';
import {
  PUBLIC_URL,
  emailOptions,
  emailTestApp,
  parse,
  startMailSink,
  type MailSink,
} from '../email/mail-sink';

// Team invitations are emailed at once, from memory, never queued (docs/rules/team.md, docs/decisions/059).

let database: Database;
let sink: MailSink;
/** Email configured and the mail server up. */
let up: TestApp;
/** Email configured, the mail server gone. */
let down: TestApp;
/** No SMTP_URL. */
let noSmtp: TestApp;
let owner: Account;
let evento: Evento;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, next) {
    logLines.push(chunk.toString('utf8'));
    next();
  },
});

beforeAll(async () => {
  database = await openTestDatabase();
  sink = await startMailSink();
  const gone = await startMailSink();
  await gone.close();
  up = await emailTestApp(database, emailOptions(sink, { invitationTimeoutMs: 2000 }), logStream);
  down = await emailTestApp(database, emailOptions(gone, { invitationTimeoutMs: 2000 }), logStream);
  noSmtp = await emailTestApp(database, undefined, logStream);
  owner = await signIn(database.db, 'organizer', 'Lucía');
  await database.db.update(users).set({ apellido: 'García' }).where(eq(users.id, owner.user.id));
  // 21:00 on 4 July to 02:00 on 6 July, Madrid time (summer, UTC+2).
  evento = await createEvent(up, owner, {
    nombre: 'Festival de otoño',
    fechaInicio: '2030-07-04T19:00:00.000Z',
    fechaFin: '2030-07-06T00:00:00.000Z',
  });
});

afterAll(async () => {
  await up?.close();
  await down?.close();
  await noSmtp?.close();
  await sink?.close();
  await database?.close();
});

async function add(app: TestApp, email: string, rol = 'supervisor') {
  const startedAt = Date.now();
  const res = await call(app, owner, 'POST', `/api/eventos/${evento.id}/equipo`, { email, rol });
  expect(res.statusCode, res.body).toBe(201);
  return { member: res.json<TeamMember>(), tookMs: Date.now() - startedAt };
}

const tokenOf = (link: string) => link.replace(/^.*\/invitacion\//, '');

async function acceptsWithNewAccount(app: TestApp, token: string, email: string) {
  const res = await call(app, null, 'POST', `/api/invitaciones/${token}/aceptar`, {
    nombre: 'Marta',
    password: 'secreto-123',
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json<AuthResponse>().user).toMatchObject({ email, rol: 'scanner' });
}

const stateOf = async (app: TestApp, id: number) => {
  const res = await call(app, owner, 'GET', `/api/eventos/${evento.id}/equipo`);
  return res.json<TeamMember[]>().find((member) => member.id === id)?.estado;
};

describe('the invitation email', () => {
  it('goes right after the add, in Spanish, with the whole link, which then accepts', async () => {
    const email = uniqueEmail('invitada');
    const { member } = await add(up, email);
    expect(member).toMatchObject({ email, estado: 'pendiente', emailEnviado: true });
    const token = tokenOf(member.enlaceInvitacion!);

    const messages = sink.to(email);
    expect(messages).toHaveLength(1); // accepted before the answer
    const mail = await parse(messages[0]!);
    expect(mail.subject).toBe('Lucía García te invita al equipo de Festival de otoño');
    expect(mail.from?.value[0]).toEqual({
      name: 'Lucía García vía DrinkFlow',
      address: 'entradas@drinkflow.test',
    });
    const link = `${PUBLIC_URL}/invitacion/${token}`;
    const text = mail.text ?? '';
    expect(text).toContain('Lucía García te ha invitado al equipo de Festival de otoño como Supervisor.');
    expect(text).toContain('Fechas: Del 04/07/2030 21:00 al 06/07/2030 02:00');
    expect(text).toContain(`Rol: Supervisor (${teamRoleDescriptions.supervisor})`);
    expect(text).toContain(`Acepta la invitación aquí: ${link}`);
    expect(text).toContain('El enlace solo sirve una vez y caduca en 7 días.');
    const html = String(mail.html);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Aceptar invitación');
    expect(html).toContain(teamRoleDescriptions.supervisor);
    expect(html).toContain('04/07/2030 21:00');

    // The link as the email carries it is the one that works.
    const emailed = /https:\/\/\S+\/invitacion\/[A-Za-z0-9_-]+/.exec(text)![0];
    await acceptsWithNewAccount(up, tokenOf(emailed), email);
    expect(await stateOf(up, member.id)).toBe('activo');

    // Nothing was queued and no log line holds the token.
    expect(await database.db.select().from(enviosEmail)).toEqual([]);
    const logs = logLines.join('');
    expect(logs).toContain('invitación enviada');
    expect(logs).not.toContain(token);
  });

  it('is not sent to someone who joins at once with their account', async () => {
    const account = await signIn(database.db, 'scanner', 'Camarero');
    const before = sink.received.length;
    const { member } = await add(up, account.user.email, 'barra');
    expect(member).toMatchObject({ estado: 'activo', emailEnviado: false });
    expect(member.enlaceInvitacion).toBeUndefined();
    expect(sink.received).toHaveLength(before);
  });

  it('with the mail server down: the member is added, emailEnviado false, and the link still works', async () => {
    const email = uniqueEmail('sin-correo');
    const { member } = await add(down, email);
    expect(member).toMatchObject({ email, estado: 'pendiente', emailEnviado: false });
    const token = tokenOf(member.enlaceInvitacion!);
    const [row] = await database.db.select().from(eventoMiembros).where(eq(eventoMiembros.id, member.id));
    expect(row!.invitacionHash).not.toBe(token);
    await acceptsWithNewAccount(down, token, email);
    const logs = logLines.join('');
    expect(logs).toContain('invitación no enviada');
    expect(logs).not.toContain(token);
  });

  it('with a slow mail server: the answer comes by the deadline, emailEnviado false', async () => {
    const slow = await emailTestApp(database, emailOptions(sink, { invitationTimeoutMs: 300 }));
    sink.slowDown(1500);
    try {
      const before = sink.received.length;
      const { member, tookMs } = await add(slow, uniqueEmail('lenta'));
      expect(member).toMatchObject({ estado: 'pendiente', emailEnviado: false });
      expect(member.enlaceInvitacion).toMatch(/^\/invitacion\//);
      expect(tookMs).toBeLessThan(1200);
      expect(await stateOf(slow, member.id)).toBe('pendiente');
      // The late copy lands after all: nothing waits for it, and the next tests count from here.
      await sink.waitFor(before + 1);
    } finally {
      sink.slowDown(0);
      await slow.close();
    }
  });

  it('without SMTP: nothing is sent and emailEnviado is false', async () => {
    const before = sink.received.length;
    const email = uniqueEmail('sin-smtp');
    const { member } = await add(noSmtp, email);
    expect(member).toMatchObject({ email, estado: 'pendiente', emailEnviado: false });
    expect(member.enlaceInvitacion).toMatch(/^\/invitacion\//);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.received).toHaveLength(before);
    expect(sink.to(email)).toEqual([]);
  });

  it('is only in the add’s answer', async () => {
    const res = await call(up, owner, 'GET', `/api/eventos/${evento.id}/equipo`);
    expect(res.json<TeamMember[]>().every((member) => !('emailEnviado' in member))).toBe(true);
  });
});
