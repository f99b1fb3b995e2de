import {
  deviceMessages,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_MINUTES,
  type PairedDevice,
} from '@drinkflow/domain/devices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispositivos, emparejamientos } from '../../src/db/schema';
import { hashToken } from '../../src/modules/auth/tokens';
import { signIn } from '../support/accounts';
import { call, expectApiError, expectFieldError, tally, URL_SAFE_SECRET } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { MINUTE } from '../support/time';
import { uniqueAddress } from '../support/unique-values';
import { issueCode, pairingsUrl, pairWith } from './device-calls';

// Pairing a device with a code (docs/rules/devices.md): a code of 8 characters of PAIRING_ALPHABET,
// single use, valid PAIRING_MINUTES; the device's token is shown once and stored as its sha-256.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function eventWithBars(barras: string[] = ['Barra Norte', 'Barra Sur']) {
  const owner = await signIn(t.db, 'organizer', 'Dueña');
  const evento = await createEvent(t, owner, { barras });
  return { owner, evento };
}

const codeRow = async (codigo: string) =>
  (await t.db.select().from(emparejamientos).where(eq(emparejamientos.codigo, codigo)))[0];

describe('POST /api/eventos/{id}/dispositivos/emparejamientos', () => {
  it('answers a fresh code of the alphabet, its pairing url and when it expires', async () => {
    const { owner, evento } = await eventWithBars();
    const before = Date.now();
    const pairing = await issueCode(t, owner, evento.id);
    expect(pairing.codigo).toMatch(new RegExp(`^[${PAIRING_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`));
    expect(pairing.url).toBe(`/emparejar/${pairing.codigo}`);
    const expires = Date.parse(pairing.caducaEn);
    expect(expires).toBeGreaterThan(before + PAIRING_MINUTES * MINUTE - 5_000);
    expect(expires).toBeLessThan(Date.now() + PAIRING_MINUTES * MINUTE + 5_000);
    const row = await codeRow(pairing.codigo);
    expect(row).toMatchObject({
      eventoId: evento.id,
      creadoPor: owner.user.id,
      usadoEn: null,
      dispositivoId: null,
    });
  });

  it('draws a different code each time', async () => {
    const { owner, evento } = await eventWithBars();
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add((await issueCode(t, owner, evento.id)).codigo);
    expect(codes.size).toBe(20);
  });

  it('needs a session, and ids past the database integer are invalid input', async () => {
    const { owner, evento } = await eventWithBars();
    expectApiError(await call(t, null, 'POST', pairingsUrl(evento.id)), 401, 'unauthorized');
    expectApiError(await call(t, owner, 'POST', pairingsUrl('2147483648')), 400, 'validation_error');
    expectApiError(
      await call(t, owner, 'POST', pairingsUrl('99999999999999999999')),
      400,
      'validation_error',
    );
    expectApiError(await call(t, owner, 'POST', pairingsUrl('2147483647')), 404, 'not_found');
  });
});

describe('POST /api/dispositivos/emparejar', () => {
  it('pairs a device of the event: its token once, stored only as its hash, and the event with its API key', async () => {
    const { owner, evento } = await eventWithBars();
    const { codigo } = await issueCode(t, owner, evento.id);
    const res = await pairWith(t, { codigo, nombre: 'Móvil barra norte', barra: 'barra norte ' });
    expect(res.statusCode, res.body).toBe(201);
    const paired = res.json<PairedDevice>();
    expect(paired.token).toMatch(URL_SAFE_SECRET);
    expect(paired).toEqual({
      token: paired.token,
      // The event's spelling of the bar.
      dispositivo: { id: expect.any(Number), nombre: 'Móvil barra norte', barra: 'Barra Norte' },
      evento: {
        id: evento.id,
        nombre: evento.nombre,
        ubicacion: evento.ubicacion,
        fechaInicio: evento.fechaInicio,
        fechaFin: evento.fechaFin,
      },
      apiKey: evento.apiKey,
    });
    const [device] = await t.db.select().from(dispositivos).where(eq(dispositivos.id, paired.dispositivo.id));
    expect(device).toMatchObject({
      eventoId: evento.id,
      tipo: 'autorizado',
      usuarioId: null,
      tokenHash: hashToken(paired.token),
      deviceId: null,
      revocadoEn: null,
    });
    expect(JSON.stringify(device)).not.toContain(paired.token);
    expect(await codeRow(codigo)).toMatchObject({
      usadoEn: expect.any(Date),
      dispositivoId: paired.dispositivo.id,
    });
  });

  it('takes a code once: the second device gets the invalid-code answer', async () => {
    const { owner, evento } = await eventWithBars();
    const { codigo } = await issueCode(t, owner, evento.id);
    expect((await pairWith(t, { codigo, nombre: 'Primero' })).statusCode).toBe(201);
    const again = await pairWith(t, { codigo, nombre: 'Segundo' });
    expectFieldError(again, 'codigo', deviceMessages.codeInvalid);
    expect(await t.db.select().from(dispositivos).where(eq(dispositivos.eventoId, evento.id))).toHaveLength(
      1,
    );
  });

  it('gives one device for one code even when several devices send it at once', async () => {
    const { owner, evento } = await eventWithBars();
    const { codigo } = await issueCode(t, owner, evento.id);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pairWith(t, { codigo, nombre: `Móvil ${i}` })),
    );
    expect(tally(responses)).toEqual({ 201: 1, 400: 5 });
    expect(await t.db.select().from(dispositivos).where(eq(dispositivos.eventoId, evento.id))).toHaveLength(
      1,
    );
  });

  it('refuses an expired code', async () => {
    const { owner, evento } = await eventWithBars();
    const { codigo } = await issueCode(t, owner, evento.id);
    await t.db
      .update(emparejamientos)
      .set({ caducaEn: new Date(Date.now() - 1_000) })
      .where(eq(emparejamientos.codigo, codigo));
    expectFieldError(await pairWith(t, { codigo, nombre: 'Tarde' }), 'codigo', deviceMessages.codeInvalid);
    expect(await codeRow(codigo)).toMatchObject({ usadoEn: null });
  });

  it('reads a code typed in lowercase, with spaces or dashes', async () => {
    const { owner, evento } = await eventWithBars();
    for (const typed of [
      (code: string) => code.toLowerCase(),
      (code: string) => ` ${code.slice(0, 4)} ${code.slice(4)} `,
      (code: string) => `${code.slice(0, 4)}-${code.slice(4).toLowerCase()}`,
    ]) {
      const { codigo } = await issueCode(t, owner, evento.id);
      const res = await pairWith(t, { codigo: typed(codigo), nombre: 'Tecleado' });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it('wants one of the event bars when the event has bars, and keeps the code for a second try', async () => {
    const { owner, evento } = await eventWithBars();
    const { codigo } = await issueCode(t, owner, evento.id);
    const res = await pairWith(t, { codigo, nombre: 'Móvil', barra: 'Barra Oeste' });
    expectFieldError(res, 'barra', deviceMessages.barraUnknown);
    expect(await codeRow(codigo)).toMatchObject({ usadoEn: null });
    const withoutBar = await pairWith(t, { codigo, nombre: 'Móvil' });
    expect(withoutBar.statusCode, withoutBar.body).toBe(201);
    expect(withoutBar.json<PairedDevice>().dispositivo.barra).toBeNull();
  });

  it('takes any bar name when the event has none', async () => {
    const { owner, evento } = await eventWithBars([]);
    const { codigo } = await issueCode(t, owner, evento.id);
    const res = await pairWith(t, { codigo, nombre: 'Móvil', barra: 'Terraza' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PairedDevice>().dispositivo.barra).toBe('Terraza');
  });

  it('answers 400, never 500, to hostile input', async () => {
    const { owner, evento } = await eventWithBars();
    const { codigo } = await issueCode(t, owner, evento.id);
    expectFieldError(await pairWith(t, { codigo, nombre: '' }), 'nombre', deviceMessages.nombre);
    expectFieldError(
      await pairWith(t, { codigo, nombre: 'x'.repeat(61) }),
      'nombre',
      deviceMessages.nombreMax,
    );
    expectValidation(await pairWith(t, { codigo, nombre: 'Mó\u0000vil' }));
    expectValidation(await pairWith(t, { codigo, nombre: 'Móvil', barra: 'Barra\u0000Norte' }));
    expectValidation(await pairWith(t, { codigo: `${codigo}\u0000`, nombre: 'Móvil' }));
    expectValidation(await pairWith(t, { codigo: 'A'.repeat(10_240), nombre: 'Móvil' }));
    expectValidation(await pairWith(t, { codigo, nombre: 'x'.repeat(10_240) }));
    expectValidation(await pairWith(t, { codigo: 12345678, nombre: 'Móvil' }));
    expectValidation(await pairWith(t, { nombre: 'Móvil' }));
    expectValidation(await pairWith(t, { codigo, nombre: 'Móvil', barra: ['Barra Norte'] }));
    // None of it used the code.
    expect((await pairWith(t, { codigo, nombre: 'Móvil' })).statusCode).toBe(201);
  });
});

function expectValidation(res: Awaited<ReturnType<typeof pairWith>>) {
  expectApiError(res, 400);
}

describe('wrong pairing codes per address', () => {
  it('answers 429 from the 11th wrong code, to a right code too, and counts per address', async () => {
    const { owner, evento } = await eventWithBars();
    const address = uniqueAddress();
    // Right codes do not count.
    for (let i = 0; i < 3; i++) {
      const { codigo } = await issueCode(t, owner, evento.id);
      expect((await pairWith(t, { codigo, nombre: 'Bien' }, address)).statusCode).toBe(201);
    }
    for (let i = 0; i < 10; i++) {
      const wrong = await pairWith(t, { codigo: 'ZZZZZZZZ', nombre: 'Mal' }, address);
      expectFieldError(wrong, 'codigo', deviceMessages.codeInvalid);
    }
    const eleventh = await pairWith(t, { codigo: 'ZZZZZZZZ', nombre: 'Mal' }, address);
    expect(expectApiError(eleventh, 429, 'rate_limited').message).toBe(deviceMessages.tooManyCodes);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);

    const { codigo } = await issueCode(t, owner, evento.id);
    expectApiError(await pairWith(t, { codigo, nombre: 'Bien' }, address), 429, 'rate_limited');
    expect(await codeRow(codigo)).toMatchObject({ usadoEn: null });
    // Another address is not held back by this one's guesses.
    expect((await pairWith(t, { codigo, nombre: 'Bien' }, uniqueAddress())).statusCode).toBe(201);
  });

  it('does not count a right code refused for its bar', async () => {
    const { owner, evento } = await eventWithBars();
    const address = uniqueAddress();
    const { codigo } = await issueCode(t, owner, evento.id);
    for (let i = 0; i < 12; i++) {
      expectFieldError(
        await pairWith(t, { codigo, nombre: 'Móvil', barra: 'Barra Oeste' }, address),
        'barra',
        deviceMessages.barraUnknown,
      );
    }
    expect((await pairWith(t, { codigo, nombre: 'Móvil' }, address)).statusCode).toBe(201);
  });
});
