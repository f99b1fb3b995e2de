import type { EventStats } from '@drinkflow/domain/stats';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumos, tickets } from '../../src/db/schema';
import { call, tally } from '../support/api';
import { createOrder } from '../support/orders';
import { newScanId, scannerClient } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { signIn } from '../support/accounts';
import { createEvent } from '../support/events';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';

// PATCH /api/eventos/{id}/barras while the bar being renamed keeps scanning (docs/rules/festivals.md). Each
// wristband allows the event's two bars; every consume names the old name. A drink is either
// recorded before the rename commits — and then renamed with the rest — or decided after it, when
// the old name is no longer one of the type's bars and the scan is refused. No drink is lost and
// none is left under the old name. General tickets (any bar) scanned at the same time are all
// served, under the new name or, after the rename, under the name their device still gives.
// Without the rename's lock order this failed: wristband drinks decided before the rename were
// stored under the old name after it, and a scan could deadlock against it (a 500).
// PostgreSQL only: PGlite runs one transaction at a time.

const ROUNDS = 4;
const CONSUMES = 30;
const GENERAL = 10;

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp({ scannerRateLimit: 0, clock: 'database' });
});
afterAll(() => t.close());

describe('a bar renamed while it scans', () => {
  it('loses no drink and leaves none under the old name', async () => {
    const owner = await signIn(t.db, 'organizer', 'Dueña');
    for (let round = 0; round < ROUNDS; round++) {
      const evento = await createEvent(t, owner, {
        nombre: `Festival de carrera ${round}`,
        fechaInicio: new Date(Date.now() - HOUR).toISOString(),
        fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
        barras: ['Barra A', 'Barra B'],
      });
      const tipo = await createTicketType(t, owner, evento, {
        nombre: 'Pulsera',
        maxDrinks: 1,
        barrasPermitidas: ['Barra A', 'Barra B'],
      });
      // A type for every bar: served wherever, its drinks stored under the name the device gives.
      const anyBar = await createTicketType(t, owner, evento, { nombre: 'General', maxDrinks: 1 });
      // Orders hold at most 10 tickets.
      const issued = [];
      for (let i = 0; i < CONSUMES / 10; i++)
        issued.push(...(await createOrder(t, owner, { evento, tipo }, { quantity: 10 })).tickets);
      const general = (await createOrder(t, owner, { evento, tipo: anyBar }, { quantity: GENERAL })).tickets;
      const scanner = scannerClient(t, evento.apiKey);

      const consumesSent = [...issued, ...general].map(
        (ticket) => () =>
          scanner.consume({
            qrCode: ticket.qrCode,
            scanId: newScanId(),
            deviceId: `barra-a-${ticket.id % 4}`,
            barra: 'Barra A',
          }),
      );
      const renameSent = () =>
        call(t, owner, 'PATCH', `/api/eventos/${evento.id}/barras`, { de: 'Barra A', a: 'Norte' });
      // The rename among the consumes, all in flight at once; a different place each round.
      const requests = [...consumesSent];
      requests.splice(Math.floor(((round + 1) * CONSUMES) / (ROUNDS + 1)), 0, renameSent);
      const responses = await Promise.all(requests.map((send) => send()));

      const faults = responses.filter((res) => res.statusCode >= 500).map((res) => res.body);
      expect(faults, 'no 500 (deadlock 40P01)').toEqual([]);
      expect(tally(responses)).toEqual({ 200: CONSUMES + GENERAL + 1 });

      const answers = responses
        .filter((_res, index) => requests[index] !== renameSent)
        .map((res) => res.json<{ success: boolean; reason: string }>());
      // The general tickets are all served, before the rename or after it.
      expect(answers.slice(CONSUMES).filter((answer) => !answer.success)).toEqual([]);
      const generalDrinks = await t.db
        .select()
        .from(consumos)
        .where(
          inArray(
            consumos.ticketId,
            general.map((ticket) => ticket.id),
          ),
        );
      expect(generalDrinks).toHaveLength(GENERAL);
      const wristbandAnswers = answers.slice(0, CONSUMES);
      const served = wristbandAnswers.filter((answer) => answer.success);
      // Refused only because the old name is no longer the ticket type's bar.
      expect(wristbandAnswers.filter((answer) => !answer.success).map((answer) => answer.reason)).toEqual(
        Array(CONSUMES - served.length).fill('barra_no_permitida'),
      );

      const drinks = await t.db
        .select()
        .from(consumos)
        .where(
          inArray(
            consumos.ticketId,
            issued.map((ticket) => ticket.id),
          ),
        );
      expect(drinks, 'one drink per green answer').toHaveLength(served.length);
      expect(
        drinks.filter((drink) => drink.barra !== 'Norte'),
        'no drink under the old name',
      ).toEqual([]);
      const used = await t.db
        .select({ n: tickets.consumosUsados })
        .from(tickets)
        .where(
          inArray(
            tickets.id,
            issued.map((ticket) => ticket.id),
          ),
        );
      expect(used.reduce((sum, row) => sum + row.n, 0)).toBe(served.length);

      // The statistics' counters agree with the drinks, bar by bar.
      const stats = (await call(t, owner, 'GET', `/api/stats/${evento.id}`)).json<EventStats>();
      expect(stats.totalConsumos).toBe(served.length + GENERAL);
      const byBar = (barra: string) => stats.porBarra.find((bar) => bar.barra === barra)?.consumos ?? 0;
      const generalAt = (barra: string) => generalDrinks.filter((drink) => drink.barra === barra).length;
      expect(byBar('Norte')).toBe(served.length + generalAt('Norte'));
      expect(byBar('Barra A')).toBe(generalAt('Barra A'));
      expect(generalAt('Norte') + generalAt('Barra A')).toBe(GENERAL);
      const types = (await call(t, owner, 'GET', `/api/tipos-ticket/${evento.id}`)).json<
        { nombre: string; barrasPermitidas: string[] | null }[]
      >();
      expect(types.find((type) => type.nombre === 'Pulsera')!.barrasPermitidas).toEqual(['Norte', 'Barra B']);
    }
  }, 120_000);
});
