import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offlineTicketId } from '../src/offline-crypto';
import {
  decideOfflineScan,
  OFFLINE_NOT_FOUND,
  UNKNOWN_HOLDER,
  verifyOffline,
  type LocalDrink,
} from '../src/offline-decision';
import { sealHolderName } from '../src/offline-data';
import { scannerMessages, scanResult } from '../src/scanner';
import { MINUTE, at, consume, dataWith, end, local, start, tipo, tipos } from './support/offline-scans';

describe('decideOfflineScan', () => {
  it('refuses a code the data does not hold, and a ticket whose type is missing', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.dos }]);
    expect(OFFLINE_NOT_FOUND).toBe(scannerMessages.ticketNotFound);
    expect(await decideOfflineScan({ data, qrCode: 'qr-otro', localDrinks: [], now: at(60) })).toEqual({
      found: false,
      message: 'Ticket no encontrado',
    });
    const orphan = { ...data, tiposTicket: data.tiposTicket.filter((row) => row.id !== tipos.dos.id) };
    expect(await decideOfflineScan({ data: orphan, qrCode: 'qr-uno', localDrinks: [], now: at(60) })).toEqual(
      {
        found: false,
        message: 'Ticket no encontrado',
      },
    );
    expect(await verifyOffline({ data, qrCode: 'qr-otro', localDrinks: [], now: at(60) })).toEqual({
      found: false,
      message: 'Ticket no encontrado',
    });
  });

  it('serves a counted drink and answers as the server does, with the holder and the ticket after it', async () => {
    const data = await dataWith([
      { qr: 'qr-uno', tipo: tipos.dos, titular: 'Ana García', consumos: [at(10)] },
      { qr: 'qr-dos', tipo: tipos.dos, titular: 'Luis Pérez' },
    ]);
    const answer = await consume(data, 'qr-uno', at(60), [], { barra: '  Terraza ' });
    expect(answer.ticket).toBe(await offlineTicketId('qr-uno'));
    expect(answer.drink).toEqual({
      ticket: answer.ticket,
      tipoBebida: 'copa',
      timestamp: at(60).toISOString(),
      barra: 'Terraza',
    });
    expect(answer.result).toEqual({
      success: true,
      canConsume: false,
      message: 'Consumo registrado',
      reason: 'ok',
      remainingDrinks: 0,
      tipoBebida: 'copa',
      ticket: { id: 100, estado: 'agotado', titular: 'Ana García', createdAt: '2026-06-01T10:00:00.000Z' },
      tipoTicket: {
        nombre: 'Bono 2 Copas',
        modo: 'por_cantidad',
        maxDrinks: 2,
        drinkIntervalMinutes: null,
        durationMinutes: null,
        drinkType: 'todo',
        validoDesde: start.toISOString(),
        validoHasta: end.toISOString(),
      },
      consumos: [
        { id: -1, tipoBebida: 'bebida', timestamp: at(10).toISOString(), barra: null },
        { id: -2, tipoBebida: 'copa', timestamp: at(60).toISOString(), barra: 'Terraza' },
      ],
    });
    // The wire schema of the online answer accepts it.
    expect(scanResult.safeParse(answer.result).success).toBe(true);
  });

  it('counts the drinks this device served the ticket, not those of other tickets', async () => {
    const data = await dataWith([
      { qr: 'qr-uno', tipo: tipos.dos, consumos: [at(10)] },
      { qr: 'qr-dos', tipo: tipos.dos },
    ]);
    const otherTicket = [await local('qr-dos', at(20)), await local('qr-dos', at(21))];
    expect((await consume(data, 'qr-uno', at(60), otherTicket)).result.success).toBe(true);

    const refused = await consume(data, 'qr-uno', at(60), [...otherTicket, await local('qr-uno', at(30))]);
    expect(refused.drink).toBeNull();
    expect(refused.result).toMatchObject({
      success: false,
      canConsume: false,
      reason: 'agotado',
      message: 'Límite de bebidas alcanzado',
      remainingDrinks: 0,
      ticket: { estado: 'agotado' },
    });
    // The drinks shown are the data's and this device's, in time order, and nothing was added.
    expect(refused.result.consumos).toEqual([
      { id: -1, tipoBebida: 'bebida', timestamp: at(10).toISOString(), barra: null },
      { id: -2, tipoBebida: 'copa', timestamp: at(30).toISOString(), barra: 'Terraza' },
    ]);
  });

  it('shows the drinks in time order, this device’s and the data’s mixed', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.barraLibre, consumos: [at(10), at(40)] }]);
    const answer = await consume(data, 'qr-uno', at(60), [
      await local('qr-uno', at(50)),
      await local('qr-uno', at(20)),
    ]);
    expect(answer.result.consumos?.map((drink) => [drink.id, drink.timestamp])).toEqual([
      [-1, at(10).toISOString()],
      [-2, at(20).toISOString()],
      [-3, at(40).toISOString()],
      [-4, at(50).toISOString()],
      [-5, at(60).toISOString()],
    ]);
  });

  it('keeps the interval with a drink served offline, and states the next time in the event time zone', async () => {
    const data = await dataWith(
      [{ qr: 'qr-uno', tipo: tipos.intervalo, consumos: [at(0)] }],
      'America/New_York',
    );
    const refused = await consume(data, 'qr-uno', at(70), [await local('qr-uno', at(50))]);
    expect(refused.drink).toBeNull();
    expect(refused.result).toMatchObject({
      success: false,
      reason: 'intervalo',
      nextAllowedTime: at(80).toISOString(),
      remainingDrinks: 2,
      // 19:20 UTC is 15:20 in New York (summer time), 21:20 in Madrid.
      message: 'Debe esperar hasta las 15:20 para la siguiente bebida',
    });

    const served = await consume(data, 'qr-uno', at(80), [await local('qr-uno', at(50))]);
    expect(served.result).toMatchObject({
      success: true,
      reason: 'ok',
      remainingDrinks: 1,
      nextAllowedTime: at(110).toISOString(),
      canConsume: false,
    });
    expect(served.drink?.timestamp).toBe(at(80).toISOString());
  });

  it('refuses within the interval of the data’s own last drink', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.intervalo, consumos: [at(0), at(45)] }]);
    expect((await consume(data, 'qr-uno', at(60))).result).toMatchObject({
      success: false,
      reason: 'intervalo',
      nextAllowedTime: at(75).toISOString(),
    });
  });

  it('serves a time-limited open bar without a count, and refuses outside its window', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.barraLibre, consumos: [at(1), at(2), at(3)] }]);
    const served = await consume(data, 'qr-uno', at(60), [await local('qr-uno', at(59))]);
    expect(served.result.success).toBe(true);
    expect(served.result.canConsume).toBe(true);
    expect(served.result.remainingDrinks).toBeUndefined();
    expect(served.result.consumos).toHaveLength(5);

    expect((await consume(data, 'qr-uno', new Date(end.getTime() + 1))).result).toMatchObject({
      success: false,
      reason: 'caducado',
      ticket: { estado: 'caducado' },
    });
    expect((await consume(data, 'qr-uno', new Date(start.getTime() - 1))).result).toMatchObject({
      success: false,
      reason: 'no_valido_aun',
    });
  });

  it('refuses an invalidated ticket, still naming its holder', async () => {
    const data = await dataWith([
      { qr: 'qr-uno', tipo: tipos.dos, estado: 'invalidado', titular: 'Eva Ruiz' },
    ]);
    const answer = await consume(data, 'qr-uno', at(60));
    expect(answer.drink).toBeNull();
    expect(answer.result).toMatchObject({
      success: false,
      reason: 'invalidado',
      message: 'Ticket invalidado',
      ticket: { estado: 'invalidado', titular: 'Eva Ruiz' },
    });
  });

  it('records the ticket’s own drink when none is asked, and refuses another kind yet says the ticket is valid', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.cerveza }]);
    const byDefault = await consume(data, 'qr-uno', at(60), [], { tipoBebida: '  ' });
    expect(byDefault.result).toMatchObject({ success: true, tipoBebida: 'cerveza', remainingDrinks: 2 });
    expect(byDefault.drink).toMatchObject({ tipoBebida: 'cerveza', barra: null });

    expect((await consume(data, 'qr-uno', at(60), [], { tipoBebida: ' CERVEZA' })).result.tipoBebida).toBe(
      'cerveza',
    );

    const wrongKind = await consume(data, 'qr-uno', at(60), [], { tipoBebida: 'copa' });
    expect(wrongKind.drink).toBeNull();
    expect(wrongKind.result).toMatchObject({ success: false, reason: 'tipo_bebida', canConsume: true });
  });

  it('names the holder as unknown when the sealed name does not open', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.dos }]);
    const other = await sealHolderName('otro-codigo', 'Ana García');
    const altered = { ...data, tickets: data.tickets.map((ticket) => ({ ...ticket, titular: other })) };
    expect((await consume(altered, 'qr-uno', at(60))).result.ticket?.titular).toBe(UNKNOWN_HOLDER);
    expect(UNKNOWN_HOLDER).toBe('Titular desconocido');
  });

  it('never serves more drinks than the count, however many scans this device decides', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 12 }),
        async (maxDrinks, known, steps) => {
          const counted = tipo(9, { maxDrinks });
          const data = await dataWith([
            { qr: 'qr-p', tipo: counted, consumos: Array.from({ length: known }, (_, i) => at(i)) },
          ]);
          data.tiposTicket.push(counted);
          const drinks: LocalDrink[] = [];
          let minute = 10;
          for (const step of steps) {
            minute = Math.min(minute + step, 470);
            const answer = await consume(data, 'qr-p', at(minute), drinks);
            if (answer.drink) drinks.push(answer.drink);
          }
          expect(known + drinks.length).toBeLessThanOrEqual(Math.max(known, maxDrinks));
        },
      ),
      { numRuns: 30 },
    );
  });

  it('never serves two drinks inside one interval, however many scans this device decides', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 15 }),
        async (gaps) => {
          const data = await dataWith([{ qr: 'qr-i', tipo: tipos.intervalo, consumos: [at(5)] }]);
          const drinks: LocalDrink[] = [];
          let minute = 5;
          for (const gap of gaps) {
            minute += gap;
            const answer = await consume(data, 'qr-i', at(minute), drinks);
            if (answer.drink) drinks.push(answer.drink);
          }
          const times = [at(5), ...drinks.map((drink) => new Date(drink.timestamp))].map((time) =>
            time.getTime(),
          );
          for (let index = 1; index < times.length; index += 1) {
            expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(30 * MINUTE);
          }
          expect(times.length).toBeLessThanOrEqual(4);
        },
      ),
      { numRuns: 30 },
    );
  });
});
