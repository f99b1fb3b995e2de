import type { RecentDrink } from '@drinkflow/domain/supervision';
import { RECENT_DRINKS_LIMIT, supervisionMessages } from '@drinkflow/domain/supervision';
import { SUPERVISOR_UNDO_MINUTES } from '@drinkflow/domain/team';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, dispositivos, tickets, users } from '../../src/db/schema';
import { signIn } from '../support/accounts';
import { call, expectApiError, tally } from '../support/api';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerSetup, type ScannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';
import { member } from '../devices/device-calls';

// A supervisor's undo of any drink of the event within SUPERVISOR_UNDO_MINUTES (docs/rules/devices.md):
// the list of the last drinks, and the undo that deletes the drink and logs a `deshacer` row naming
// the supervisor, as the scanner's own undo does.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0 });
});
afterAll(() => t.close());

const recentUrl = (eventoId: number | string) => `/api/eventos/${eventoId}/consumos/recientes`;
const undoUrl = (eventoId: number | string, consumoId: number | string) =>
  `/api/eventos/${eventoId}/consumos/${consumoId}/deshacer`;

/** One drink of the setup's ticket from `barra`, through the scanner; returns its consumo id and scanId. */
async function serve(setup: ScannerSetup, barra = 'Barra Norte') {
  const scanId = newScanId();
  expectScan(
    await setup.scanner.consume({ qrCode: setup.ticket.qrCode, scanId, deviceId: 'barra-norte-1', barra }),
    { success: true },
  );
  const rows = await consumoRows(t.db, setup.ticket.id);
  return { consumoId: rows.at(-1)!.id, scanId };
}

const usedDrinks = async (ticketId: number) =>
  (await t.db.select({ n: tickets.consumosUsados }).from(tickets).where(eq(tickets.id, ticketId)))[0]!.n;

describe('GET /api/eventos/{id}/consumos/recientes', () => {
  it('lists the event’s drinks of the last 30 minutes, newest first, with holder, device and person', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 10 } });
    const old = await serve(setup);
    t.clock.advance((SUPERVISOR_UNDO_MINUTES + 1) * MINUTE);
    const first = await serve(setup, 'Barra Sur');
    t.clock.advance(MINUTE);
    const second = await serve(setup);
    const ana = await signIn(t.db, 'scanner', 'Ana');
    await t.db.update(users).set({ apellido: 'Ruiz' }).where(eq(users.id, ana.user.id));
    const [device] = await t.db
      .insert(dispositivos)
      .values({
        eventoId: setup.evento.id,
        tipo: 'autorizado',
        nombre: 'Móvil de Ana',
        usuarioId: ana.user.id,
      })
      .returning();
    await t.db
      .update(consumos)
      .set({ dispositivoId: device!.id, usuarioId: ana.user.id })
      .where(eq(consumos.id, second.consumoId));
    // A drink from before devices: served by no known device or person.
    await t.db
      .update(consumos)
      .set({ dispositivoId: null, usuarioId: null })
      .where(eq(consumos.id, first.consumoId));
    // Another event's drink is not listed.
    await serve(await scannerSetup(t, { owner: setup.owner }));

    const res = await call(t, setup.owner, 'GET', recentUrl(setup.evento.id));
    expect(res.statusCode, res.body).toBe(200);
    const drinks = res.json<RecentDrink[]>();
    expect(drinks.map((drink) => drink.id)).toEqual([second.consumoId, first.consumoId]);
    expect(drinks.map((drink) => drink.id)).not.toContain(old.consumoId);
    expect(drinks[0]).toEqual({
      id: second.consumoId,
      ticketId: setup.ticket.id,
      titular: 'Lucía Fernández',
      tipoBebida: expect.any(String),
      barra: 'Barra Norte',
      timestamp: t.clock.iso(),
      dispositivo: { id: device!.id, nombre: 'Móvil de Ana' },
      persona: { id: ana.user.id, nombre: 'Ana Ruiz' },
    });
    expect(drinks[1]).toMatchObject({ barra: 'Barra Sur', dispositivo: null, persona: null });
  });
});

describe('a rush of drinks', () => {
  it('lists the newest RECENT_DRINKS_LIMIT of them', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t);
    const base = t.clock.now().getTime() - 20 * MINUTE;
    await t.db.insert(consumos).values(
      Array.from({ length: RECENT_DRINKS_LIMIT + 5 }, (_, i) => ({
        ticketId: setup.ticket.id,
        eventoId: setup.evento.id,
        tipoBebida: 'copa',
        timestamp: new Date(base + i * 1_000),
      })),
    );
    const res = await call(t, setup.owner, 'GET', recentUrl(setup.evento.id));
    expect(res.statusCode, res.body).toBe(200);
    const drinks = res.json<RecentDrink[]>();
    expect(drinks).toHaveLength(RECENT_DRINKS_LIMIT);
    expect(drinks[0]!.timestamp).toBe(new Date(base + (RECENT_DRINKS_LIMIT + 4) * 1_000).toISOString());
    expect(drinks.at(-1)!.timestamp).toBe(new Date(base + 5 * 1_000).toISOString());
  });
});

describe('POST /api/eventos/{id}/consumos/{consumoId}/deshacer', () => {
  it('deletes the drink and logs the undo with the supervisor, as the scanner’s undo does', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t);
    const supervisor = await member(t, setup.evento.id, 'supervisor', 'Sara');
    const { consumoId, scanId } = await serve(setup);
    expect(await usedDrinks(setup.ticket.id)).toBe(1);
    t.clock.advance(SUPERVISOR_UNDO_MINUTES * MINUTE - 1_000);

    const res = await call(t, supervisor, 'POST', undoUrl(setup.evento.id, consumoId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ undone: true, message: 'Consumo deshecho' });
    expect(await consumoRows(t.db, setup.ticket.id)).toEqual([]);
    expect(await usedDrinks(setup.ticket.id)).toBe(0);
    const log = await scanLogRows(t.db, setup.evento.id);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ scanId, accion: 'consumo', consumoId: null, undoneAt: t.clock.now() });
    expect(log[1]).toMatchObject({
      accion: 'deshacer',
      ticketId: setup.ticket.id,
      qrCode: setup.ticket.qrCode,
      barra: 'Barra Norte',
      allowed: true,
      reason: 'deshecho',
      usuarioId: supervisor.user.id,
      dispositivoId: null,
      createdAt: t.clock.now(),
    });
    // Gone: a second undo finds nothing.
    const again = await call(t, supervisor, 'POST', undoUrl(setup.evento.id, consumoId));
    expect(expectApiError(again, 404, 'not_found').message).toBe(supervisionMessages.notFound);
    expect(await scanLogRows(t.db, setup.evento.id)).toHaveLength(2);
  });

  it('refuses a drink older than 30 minutes with 409 and keeps it', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t);
    const { consumoId } = await serve(setup);
    t.clock.advance(SUPERVISOR_UNDO_MINUTES * MINUTE + 1_000);
    const res = await call(t, setup.owner, 'POST', undoUrl(setup.evento.id, consumoId));
    expect(expectApiError(res, 409, 'conflict').message).toBe(
      'Solo se pueden deshacer consumos de los últimos 30 minutos',
    );
    expect(await consumoRows(t.db, setup.ticket.id)).toHaveLength(1);
    expect(await scanLogRows(t.db, setup.evento.id)).toHaveLength(1);
  });

  it('answers 404 for a drink of another event and 400 for ids past the database integer', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t);
    const other = await scannerSetup(t, { owner: setup.owner });
    const theirs = await serve(other);
    expectApiError(
      await call(t, setup.owner, 'POST', undoUrl(setup.evento.id, theirs.consumoId)),
      404,
      'not_found',
    );
    expect(await consumoRows(t.db, other.ticket.id)).toHaveLength(1);
    expectApiError(
      await call(t, setup.owner, 'POST', undoUrl(setup.evento.id, '2147483648')),
      400,
      'validation_error',
    );
    expectApiError(await call(t, setup.owner, 'POST', undoUrl('2147483648', 1)), 400, 'validation_error');
    expectApiError(
      await call(t, setup.owner, 'POST', undoUrl(setup.evento.id, '1.5')),
      400,
      'validation_error',
    );
    expectApiError(await call(t, setup.owner, 'GET', recentUrl('99999999999')), 400, 'validation_error');
  });

  it('undoes a drink once when a supervisor and the bar undo it at the same time', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t);
    const supervisor = await member(t, setup.evento.id, 'supervisor');
    const { consumoId, scanId } = await serve(setup);
    const responses = await Promise.all([
      call(t, supervisor, 'POST', undoUrl(setup.evento.id, consumoId)),
      setup.scanner.undo({ scanId, deviceId: 'barra-norte-1' }),
      call(t, setup.owner, 'POST', undoUrl(setup.evento.id, consumoId)),
    ]);
    expect(responses.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(tally(responses)[500]).toBeUndefined();
    expect(await consumoRows(t.db, setup.ticket.id)).toEqual([]);
    expect(await usedDrinks(setup.ticket.id)).toBe(0);
    const undos = (await scanLogRows(t.db, setup.evento.id)).filter((row) => row.accion === 'deshacer');
    expect(undos).toHaveLength(1);
  });
});

describe('who may undo', () => {
  it('the owner, a co-organizer and a supervisor; bar staff 403; anyone else 404', async () => {
    t.clock.reset();
    const setup = await scannerSetup(t, { tipo: { maxDrinks: 10 } });
    const eventoId = setup.evento.id;
    const allowed = [
      setup.owner,
      await member(t, eventoId, 'coorganizador'),
      await member(t, eventoId, 'supervisor'),
    ];
    for (const who of allowed) {
      expect((await call(t, who, 'GET', recentUrl(eventoId))).statusCode).toBe(200);
      const { consumoId } = await serve(setup);
      const res = await call(t, who, 'POST', undoUrl(eventoId, consumoId));
      expect(res.statusCode, res.body).toBe(200);
    }
    const { consumoId } = await serve(setup);
    const bartender = await member(t, eventoId, 'barra');
    expectApiError(await call(t, bartender, 'GET', recentUrl(eventoId)), 403, 'forbidden');
    expectApiError(await call(t, bartender, 'POST', undoUrl(eventoId, consumoId)), 403, 'forbidden');
    const outsiders = [await signIn(t.db, 'organizer'), await signIn(t.db, 'admin')];
    for (const who of outsiders) {
      expectApiError(await call(t, who, 'GET', recentUrl(eventoId)), 404, 'not_found');
      expectApiError(await call(t, who, 'POST', undoUrl(eventoId, consumoId)), 404, 'not_found');
    }
    // A bar-staff account on no team is refused before the event is looked at.
    const noTeam = await signIn(t.db, 'scanner');
    expectApiError(await call(t, noTeam, 'GET', recentUrl(eventoId)), 403, 'forbidden');
    expectApiError(await call(t, noTeam, 'POST', undoUrl(eventoId, consumoId)), 403, 'forbidden');
    // A member of another event is an outsider here.
    const elsewhere = await scannerSetup(t, { owner: setup.owner });
    const theirSupervisor = await member(t, elsewhere.evento.id, 'supervisor');
    expectApiError(await call(t, theirSupervisor, 'POST', undoUrl(eventoId, consumoId)), 404, 'not_found');
    expectApiError(await call(t, null, 'POST', undoUrl(eventoId, consumoId)), 401, 'unauthorized');
    expect(await consumoRows(t.db, setup.ticket.id)).toHaveLength(1);
  });
});
