import { scanResult, type ScanResult } from '@drinkflow/domain/scanner';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileSerializer } from '../../src/http/compiled-serializer';

const serialize = compileSerializer(scanResult);
/** What the app's zod serializer writes (fastify-type-provider-zod: encode, then JSON.stringify). */
const zodWrites = (answer: unknown) => JSON.stringify(z.encode(scanResult, answer as ScanResult));

const recorded: ScanResult = {
  success: true,
  canConsume: true,
  message: 'Consumo registrado',
  reason: 'ok',
  tipoBebida: 'alcohol',
  remainingDrinks: 47,
  scanId: 'scan-1',
  ticket: {
    id: 12,
    estado: 'activo',
    titular: 'Ana "la de la barra" Pérez',
    createdAt: '2026-11-28T07:00:00.000Z',
  },
  tipoTicket: {
    nombre: 'Bono 50 copas',
    modo: 'por_cantidad',
    maxDrinks: 50,
    drinkIntervalMinutes: null,
    durationMinutes: null,
    drinkType: 'todo',
    validoDesde: '2026-11-28T07:00:00.000Z',
    validoHasta: '2026-11-28T19:00:00.000Z',
  },
  consumos: [
    { id: 1, tipoBebida: 'alcohol', timestamp: '2026-11-28T08:00:00.000Z', barra: 'Barra 1' },
    { id: 2, tipoBebida: 'refresco', timestamp: '2026-11-28T08:30:00.000Z', barra: null },
  ],
};

const refusedOnAFestivalDay: ScanResult = {
  success: false,
  canConsume: false,
  message: 'Límite diario alcanzado',
  reason: 'limite_diario',
  tipoBebida: 'alcohol',
  nextAllowedTime: '2026-11-29T06:00:00.000Z',
  bebidasHoy: 3,
  maxDrinksPerDay: 3,
  limiteHoy: 5,
  conflicto: true,
  ticket: {
    id: 7,
    estado: 'activo',
    titular: 'Luis\nLínea\u2028 y emoji 🍹',
    createdAt: '2026-11-28T07:00:00.000Z',
    recargas: 2,
  },
  tipoTicket: {
    ...recorded.tipoTicket!,
    modo: 'temporal',
    maxDrinks: null,
    durationMinutes: 720,
    maxDrinksPerDay: 3,
    barrasPermitidas: ['Barra VIP', 'Barra \\ 2'],
  },
  consumos: [],
};

describe('compiled serializer (the consume answer)', () => {
  it('writes the same answer as the zod serializer', () => {
    for (const answer of [
      recorded,
      refusedOnAFestivalDay,
      { ...recorded, ticket: undefined, consumos: undefined },
    ]) {
      const written = serialize(answer);
      expect(JSON.parse(written)).toEqual(JSON.parse(zodWrites(answer)));
      expect(scanResult.parse(JSON.parse(written))).toEqual(answer);
    }
  });

  it('leaves out fields the schema does not have, at every level', () => {
    const withExtras = {
      ...recorded,
      secreto: 'no',
      ticket: { ...recorded.ticket, qrCode: 'QR-NO' },
      consumos: [{ ...recorded.consumos![0], usuarioId: 3 }],
    };

    const written = JSON.parse(serialize(withExtras));

    expect(written).toEqual(JSON.parse(zodWrites(withExtras)));
    expect(JSON.stringify(written)).not.toMatch(/secreto|QR-NO|usuarioId/);
  });

  it('fails when a required field is missing', () => {
    const { message: _message, ...withoutMessage } = recorded;

    expect(() => serialize(withoutMessage)).toThrow(/message/);
  });
});
