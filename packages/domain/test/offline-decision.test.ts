import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offlineTicketId, openHolderName } from '../src/offline-crypto';
import {
  decideOfflineScan,
  OFFLINE_NOT_FOUND,
  UNKNOWN_HOLDER,
  verifyOffline,
  type LocalDrink,
} from '../src/offline-decision';
import {
  holderNameKeyParameters,
  offlineData,
  sealHolderName,
  toBase64Url,
  type OfflineData,
  type OfflineTicketType,
  type SealedName,
} from '../src/offline-data';
import { scannerMessages, scanResult, scannerTicketResponse } from '../src/scanner';

const MINUTE = 60_000;
const start = new Date('2026-07-04T18:00:00.000Z');
const end = new Date('2026-07-05T02:00:00.000Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

const tipo = (id: number, patch: Partial<OfflineTicketType>): OfflineTicketType => ({
  id,
  nombre: `Tipo ${id}`,
  modo: 'por_cantidad',
  maxDrinks: 2,
  drinkIntervalMinutes: null,
  durationMinutes: null,
  drinkType: 'todo',
  validoDesde: start.toISOString(),
  validoHasta: end.toISOString(),
  ...patch,
});

const tipos = {
  dos: tipo(1, { nombre: 'Bono 2 Copas' }),
  intervalo: tipo(2, {
    nombre: 'Cada media hora',
    modo: 'intervalos_controlados',
    maxDrinks: 4,
    drinkIntervalMinutes: 30,
    durationMinutes: 480,
  }),
  barraLibre: tipo(3, { nombre: 'Barra libre', modo: 'temporal', maxDrinks: null, durationMinutes: 480 }),
  cerveza: tipo(4, { nombre: 'Cerveza', drinkType: 'cerveza', maxDrinks: 3 }),
};

interface TicketSpec {
  qr: string;
  tipo: OfflineTicketType;
  titular?: string;
  consumos?: Date[];
  estado?: 'activo' | 'invalidado';
}

async function dataWith(specs: TicketSpec[], zonaHoraria = 'Europe/Madrid'): Promise<OfflineData> {
  const tickets = await Promise.all(
    specs.map(async (spec, index) => ({
      id: await offlineTicketId(spec.qr),
      ticketId: 100 + index,
      ticketTypeId: spec.tipo.id,
      estado: spec.estado ?? ('activo' as const),
      createdAt: '2026-06-01T10:00:00.000Z',
      consumos: (spec.consumos ?? []).map((time) => time.toISOString()),
      titular: await sealHolderName(spec.qr, spec.titular ?? 'Ana García'),
    })),
  );
  // Built as the server sends it: the schema accepts it.
  return offlineData.parse({
    evento: {
      nombre: 'Boda Ana y Luis',
      ubicacion: 'Sevilla',
      fechaInicio: start.toISOString(),
      fechaFin: end.toISOString(),
      zonaHoraria,
    },
    tiposTicket: Object.values(tipos),
    tickets,
    generadoEn: at(0).toISOString(),
  });
}

const local = async (qr: string, time: Date, patch: Partial<LocalDrink> = {}): Promise<LocalDrink> => ({
  ticket: await offlineTicketId(qr),
  tipoBebida: 'copa',
  timestamp: time.toISOString(),
  barra: 'Terraza',
  ...patch,
});

/** The consume answer, for a code that is in the data. */
async function consume(
  data: OfflineData,
  qrCode: string,
  now: Date,
  localDrinks: LocalDrink[] = [],
  extra: { tipoBebida?: string; barra?: string | null } = {},
) {
  const answer = await decideOfflineScan({ data, qrCode, localDrinks, now, ...extra });
  if (!answer.found) throw new Error(`${qrCode} not found`);
  return answer;
}

describe('the offline crypto, as the scanner page loads it (offline-crypto.ts)', () => {
  it('names a ticket by the hex SHA-256 of its code', async () => {
    expect(await offlineTicketId('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('opens every name it seals, whatever its length', async () => {
    for (const name of [
      '',
      'Ana',
      'x'.repeat(31),
      'y'.repeat(32),
      'z'.repeat(33),
      'Íñigo Ñúñez 😀'.repeat(5),
    ]) {
      expect(await openHolderName('qr-uno', await sealHolderName('qr-uno', name))).toBe(name);
    }
  });

  it('opens nothing with another code, altered data or an IV of the wrong size', async () => {
    const sealed = await sealHolderName('qr-uno', 'Ana García');
    expect(await openHolderName('qr-dos', sealed)).toBeNull();
    const flipped = sealed.datos.startsWith('A') ? `B${sealed.datos.slice(1)}` : `A${sealed.datos.slice(1)}`;
    expect(await openHolderName('qr-uno', { ...sealed, datos: flipped })).toBeNull();
    expect(await openHolderName('qr-uno', { ...sealed, iv: toBase64Url(new Uint8Array(16)) })).toBeNull();
    expect(await openHolderName('qr-uno', { ...sealed, iv: '***' })).toBeNull();
  });

  /** Seals `plain` as it is (no padding added), to see how a bad padding is read. */
  async function sealRaw(
    qrCode: string,
    plain: Uint8Array<ArrayBuffer>,
    iv: Uint8Array<ArrayBuffer> = new Uint8Array(12),
  ): Promise<SealedName> {
    const encoder = new TextEncoder();
    const material = await crypto.subtle.importKey('raw', encoder.encode(qrCode), 'HKDF', false, [
      'deriveKey',
    ]);
    const key = await crypto.subtle.deriveKey(
      {
        name: 'HKDF',
        hash: 'SHA-256',
        salt: encoder.encode(holderNameKeyParameters.salt),
        info: encoder.encode(holderNameKeyParameters.info),
      },
      material,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt'],
    );
    const datos = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
    return { iv: toBase64Url(iv), datos: toBase64Url(datos) };
  }

  const padded = (length: number, bytes: Record<number, number>) => {
    const plain = new Uint8Array(length);
    for (const [index, value] of Object.entries(bytes)) plain[Number(index)] = value;
    return plain;
  };

  it.each([
    ['nothing at all', padded(0, {})],
    ['a length that is not a multiple of 32', padded(31, { 0: 0x41, 1: 0x80 })],
    ['only zeros', padded(32, {})],
    ['no 0x80 mark before the zeros', padded(32, { 0: 0x41, 1: 0x7f })],
    ['more than 32 bytes of padding', padded(64, { 0: 0x41, 1: 0x80 })],
    ['a name that is not UTF-8', padded(32, { 0: 0xff, 1: 0x80 })],
  ])('read %s as no name', async (_case, plain) => {
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', plain))).toBeNull();
  });

  it('read no name sealed with an IV that is not 12 bytes, even one that opens', async () => {
    const plain = padded(32, { 0: 0x41, 1: 0x80 });
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', plain))).toBe('A');
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', plain, new Uint8Array(16)))).toBeNull();
  });

  it('read a correct padding, the mark at the last byte or right after 32 bytes of name', async () => {
    const name = (length: number) => padded(length, { ...Array.from({ length: length - 1 }, () => 0x41) });
    const last = name(32);
    last[31] = 0x80;
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', last))).toBe('A'.repeat(31));
    const full = padded(64, { ...Array.from({ length: 32 }, () => 0x42), 32: 0x80 });
    expect(await openHolderName('qr-uno', await sealRaw('qr-uno', full))).toBe('B'.repeat(32));
  });
});

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

describe('verifyOffline', () => {
  it('shows the ticket with this device’s drinks and what a drink now would get, recording nothing', async () => {
    const data = await dataWith([
      { qr: 'qr-uno', tipo: tipos.cerveza, titular: 'Ana García', consumos: [at(5)] },
    ]);
    const answer = await verifyOffline({
      data,
      qrCode: 'qr-uno',
      localDrinks: [await local('qr-uno', at(30), { tipoBebida: 'cerveza', barra: null })],
      now: at(60),
    });
    if (!answer.found) throw new Error('not found');
    expect(answer.ticket).toBe(await offlineTicketId('qr-uno'));
    expect(answer.response).toEqual({
      ticket: { id: 100, estado: 'activo', titular: 'Ana García', createdAt: '2026-06-01T10:00:00.000Z' },
      tipoTicket: expect.objectContaining({ nombre: 'Cerveza', drinkType: 'cerveza', maxDrinks: 3 }),
      consumos: [
        { id: -1, tipoBebida: 'bebida', timestamp: at(5).toISOString(), barra: null },
        { id: -2, tipoBebida: 'cerveza', timestamp: at(30).toISOString(), barra: null },
      ],
      evento: {
        nombre: 'Boda Ana y Luis',
        ubicacion: 'Sevilla',
        fechaInicio: start.toISOString(),
        fechaFin: end.toISOString(),
      },
      verificacion: {
        success: true,
        canConsume: true,
        message: 'Consumo permitido',
        reason: 'ok',
        remainingDrinks: 0,
        tipoBebida: 'cerveza',
      },
    });
    expect(scannerTicketResponse.safeParse(answer.response).success).toBe(true);
  });

  it('says until when the interval refuses, counting this device’s drinks', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.intervalo, consumos: [at(0)] }]);
    const answer = await verifyOffline({
      data,
      qrCode: 'qr-uno',
      localDrinks: [await local('qr-uno', at(50))],
      now: at(60),
    });
    expect(answer.found && answer.response.verificacion).toEqual({
      success: false,
      canConsume: false,
      message: 'Debe esperar hasta las 21:20 para la siguiente bebida',
      reason: 'intervalo',
      remainingDrinks: 2,
      nextAllowedTime: at(80).toISOString(),
      tipoBebida: 'copa',
    });
  });

  it('says why a drink now would be refused', async () => {
    const data = await dataWith([{ qr: 'qr-uno', tipo: tipos.dos, consumos: [at(5)] }]);
    const answer = await verifyOffline({
      data,
      qrCode: 'qr-uno',
      localDrinks: [await local('qr-uno', at(30))],
      now: at(60),
    });
    expect(answer.found && answer.response.verificacion).toMatchObject({
      success: false,
      reason: 'agotado',
      message: 'Límite de bebidas alcanzado',
    });
    expect(answer.found && answer.response.ticket.estado).toBe('agotado');
  });
});
