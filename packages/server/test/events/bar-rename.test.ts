import type { Evento } from '@drinkflow/domain/events';
import type { EventStats } from '@drinkflow/domain/stats';
import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCsv } from '../support/csv-exports';
import { createOrder } from '../support/orders';
import { newScanId, scannerClient } from '../support/scanner';
import { type Account, signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { HOUR } from '../support/time';

// PATCH /api/eventos/{id}/barras {de, a} (docs/rules/festivals.md) after real scans through the scanner API:
// every place a bar's name shows — drinks, the scan log, ticket types, per-bar statistics — follows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rename = (who: Account, eventoId: number, de: string, a: string) =>
  call(t, who, 'PATCH', `/api/eventos/${eventoId}/barras`, { de, a });

/** A festival going on now with two bars, a wristband for both and a VIP pass for Barra A only. */
async function festival() {
  const owner = await signIn(t.db, 'organizer', 'Dueña');
  const evento = await createEvent(t, owner, {
    fechaInicio: new Date(Date.now() - HOUR).toISOString(),
    fechaFin: new Date(Date.now() + 5 * HOUR).toISOString(),
    barras: ['Barra A', 'Barra B'],
  });
  const pulsera = await createTicketType(t, owner, evento, {
    nombre: 'Pulsera',
    maxDrinks: 2,
    barrasPermitidas: ['Barra A', 'Barra B'],
  });
  const vip = await createTicketType(t, owner, evento, {
    nombre: 'VIP',
    maxDrinks: 4,
    barrasPermitidas: ['Barra A'],
  });
  const general = (await createOrder(t, owner, { evento, tipo: pulsera }, { quantity: 2 })).tickets;
  const vipTicket = (await createOrder(t, owner, { evento, tipo: vip })).tickets[0]!;
  const scanner = scannerClient(t, evento.apiKey);
  const consume = async (qrCode: string, barra: string) => {
    const res = await scanner.consume({
      qrCode,
      barra,
      scanId: newScanId(),
      deviceId: `dispositivo-${barra}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ success: boolean; reason: string }>();
  };
  return { owner, evento, pulsera, vip, general, vipTicket, consume };
}

type Festival = Awaited<ReturnType<typeof festival>>;

/** Drinks at both bars and a refusal at each: two at A and one at B for the wristbands, two at A for the VIP. */
async function scanAtBothBars({ general, vipTicket, consume }: Festival) {
  expect((await consume(general[0]!.qrCode, 'Barra A')).success).toBe(true);
  expect((await consume(general[0]!.qrCode, 'Barra B')).success).toBe(true);
  expect(await consume(general[0]!.qrCode, 'Barra A')).toMatchObject({ success: false, reason: 'agotado' });
  expect((await consume(general[1]!.qrCode, 'Barra A')).success).toBe(true);
  expect((await consume(vipTicket.qrCode, 'Barra A')).success).toBe(true);
  expect((await consume(vipTicket.qrCode, 'Barra A')).success).toBe(true);
  expect(await consume(vipTicket.qrCode, 'Barra B')).toMatchObject({
    success: false,
    reason: 'barra_no_permitida',
  });
}

async function read<T>(who: Account, url: string): Promise<T> {
  const res = await call(t, who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

/** What the API says about the bars: drinks per ticket, scan log, types, statistics and event. */
async function barsSeen({ owner, evento, general, vipTicket }: Festival) {
  // Each ticket's drinks by bar name (the API lists them newest first; the names are what matters).
  const drinksOf = async (id: number) =>
    (await read<{ barra: string | null }[]>(owner, `/api/tickets/${id}/consumos`)).map((d) => d.barra).sort();
  const escaneos = expectCsv(
    await call(t, owner, 'GET', `/api/eventos/${evento.id}/export/escaneos.csv`),
    `escaneos-evento-${evento.id}.csv`,
  );
  const barColumn = escaneos[0]!.indexOf('Barra');
  const types = await read<TipoTicket[]>(owner, `/api/tipos-ticket/${evento.id}`);
  const stats = await read<EventStats>(owner, `/api/stats/${evento.id}`);
  const event = await read<Evento>(owner, `/api/eventos/single/${evento.id}`);
  return {
    barras: event.barras,
    drinks: {
      first: await drinksOf(general[0]!.id),
      second: await drinksOf(general[1]!.id),
      vip: await drinksOf(vipTicket.id),
    },
    log: escaneos.slice(1).map((row) => row[barColumn]),
    types: Object.fromEntries(types.map((type) => [type.nombre, type.barrasPermitidas])),
    porBarra: stats.porBarra,
    totalConsumos: stats.totalConsumos,
  };
}

describe('PATCH /api/eventos/{id}/barras with drinks recorded', () => {
  it('shows the new name in drinks, scan log, ticket types and per-bar statistics', async () => {
    const f = await festival();
    await scanAtBothBars(f);

    const res = await rename(f.owner, f.evento.id, 'Barra A', 'Escenario Norte');
    expect(res.statusCode, res.body).toBe(200);

    expect(await barsSeen(f)).toEqual({
      barras: ['Escenario Norte', 'Barra B'],
      drinks: {
        first: ['Barra B', 'Escenario Norte'],
        second: ['Escenario Norte'],
        vip: ['Escenario Norte', 'Escenario Norte'],
      },
      log: [
        'Escenario Norte',
        'Barra B',
        'Escenario Norte',
        'Escenario Norte',
        'Escenario Norte',
        'Escenario Norte',
        'Barra B',
      ],
      types: { Pulsera: ['Escenario Norte', 'Barra B'], VIP: ['Escenario Norte'] },
      porBarra: [
        { barra: 'Escenario Norte', consumos: 4, rechazos: 1, deshechos: 0 },
        { barra: 'Barra B', consumos: 1, rechazos: 1, deshechos: 0 },
      ],
      totalConsumos: 5,
    });
    // The VIP pass is served under the new name, and refused under the old one.
    expect((await f.consume(f.vipTicket.qrCode, 'Escenario Norte')).success).toBe(true);
    expect(await f.consume(f.vipTicket.qrCode, 'Barra A')).toMatchObject({
      success: false,
      reason: 'barra_no_permitida',
    });
  });

  it('refuses a name another bar has, in any case, with a Spanish 400 on «a», and changes nothing', async () => {
    const f = await festival();
    await scanAtBothBars(f);
    const before = await barsSeen(f);

    for (const a of ['Barra B', ' barra b ', 'BARRA B']) {
      const res = await rename(f.owner, f.evento.id, 'Barra A', a);
      const body = expectFieldError(res, 'a', 'Ya hay otra barra llamada «Barra B» en el evento');
      expect(body.message).toBe('Ya hay otra barra llamada «Barra B» en el evento');
    }

    expect(await barsSeen(f)).toEqual(before);
    expect(before.porBarra.map((bar) => bar.barra)).toEqual(['Barra A', 'Barra B']);
  });

  it('swaps two bars’ names through a temporary one, each drink staying with its bar', async () => {
    const f = await festival();
    await scanAtBothBars(f);

    for (const [de, a] of [
      ['Barra A', 'Intercambio'],
      ['Barra B', 'Barra A'],
      ['Intercambio', 'Barra B'],
    ] as const) {
      const res = await rename(f.owner, f.evento.id, de, a);
      expect(res.statusCode, `${de} → ${a}: ${res.body}`).toBe(200);
    }

    expect(await barsSeen(f)).toEqual({
      barras: ['Barra B', 'Barra A'],
      drinks: {
        first: ['Barra A', 'Barra B'],
        second: ['Barra B'],
        vip: ['Barra B', 'Barra B'],
      },
      log: ['Barra B', 'Barra A', 'Barra B', 'Barra B', 'Barra B', 'Barra B', 'Barra A'],
      types: { Pulsera: ['Barra B', 'Barra A'], VIP: ['Barra B'] },
      porBarra: [
        { barra: 'Barra B', consumos: 4, rechazos: 1, deshechos: 0 },
        { barra: 'Barra A', consumos: 1, rechazos: 1, deshechos: 0 },
      ],
      totalConsumos: 5,
    });
    // The VIP bar is the one now called Barra B.
    expect((await f.consume(f.vipTicket.qrCode, 'Barra B')).success).toBe(true);
    expect(await f.consume(f.vipTicket.qrCode, 'Barra A')).toMatchObject({ reason: 'barra_no_permitida' });
  });

  it('refuses the swap’s middle step while both names exist, leaving the first step in place', async () => {
    const f = await festival();
    await scanAtBothBars(f);

    expectApiError(await rename(f.owner, f.evento.id, 'Barra B', 'Barra A'), 400, 'validation_error');
    expect((await rename(f.owner, f.evento.id, 'Barra A', 'Intercambio')).statusCode).toBe(200);
    expect((await barsSeen(f)).porBarra.map((bar) => bar.barra)).toEqual(['Intercambio', 'Barra B']);
  });
});
