import { describe, expect, it } from 'vitest';
import { type ScanTicketRow, toScannedTicket, toScanResult } from '../src/scan-answer';
import { decideScan, type ScanTicketType } from '../src/scan-rules';
import { allScanReasons, limitScanReasons, scanReasons, scanResult } from '../src/scanner';
import { desde, porCantidad, scan, times, utc } from './support/festival-scans';

describe('the answer carries "Hoy: 2 de 4"', () => {
  const row = (tipo: ScanTicketType, recargas?: number): ScanTicketRow => ({
    id: 7,
    estado: 'activo',
    createdAt: desde,
    titular: 'Ana',
    tipo: { ...tipo, nombre: 'Diario', durationMinutes: null },
    ...(recargas === undefined ? {} : { recargas }),
  });
  const now = utc('2026-07-04T20:00:00Z');
  const served = times('2026-07-04T01:00:00Z', '2026-07-04T18:00:00Z', '2026-07-04T19:00:00Z');
  const answer = (
    tipo: ScanTicketType,
    kind: 'consume' | 'verify',
    recargas?: number,
    corteDiario?: string,
  ) => {
    const ticket = row(tipo, recargas);
    const decision = decideScan(scan(tipo, { consumos: served, now, recargas, corteDiario }));
    const place = corteDiario ? { corteDiario } : undefined;
    return toScanResult({
      decision,
      ticket,
      times: served,
      tipoBebida: 'copa',
      now,
      timeZone: 'Europe/Madrid',
      kind,
      place,
    });
  };

  it('counts this drink when it is recorded', () => {
    expect(answer(porCantidad(10, { maxDrinksPerDay: 4 }), 'consume')).toEqual({
      success: true,
      canConsume: true,
      message: 'Consumo registrado',
      reason: 'ok',
      tipoBebida: 'copa',
      remainingDrinks: 6,
      bebidasHoy: 3,
      maxDrinksPerDay: 4,
    });
  });

  it('counts the drinks so far when verifying or refused', () => {
    expect(answer(porCantidad(10, { maxDrinksPerDay: 4 }), 'verify')).toMatchObject({
      bebidasHoy: 2,
      maxDrinksPerDay: 4,
    });
    expect(answer(porCantidad(10, { maxDrinksPerDay: 2 }), 'consume')).toEqual({
      success: false,
      canConsume: false,
      message: 'Límite diario alcanzado',
      reason: 'limite_diario',
      tipoBebida: 'copa',
      remainingDrinks: 7,
      nextAllowedTime: '2026-07-05T04:00:00.000Z',
      bebidasHoy: 2,
      maxDrinksPerDay: 2,
    });
  });

  it('counts from the event’s cut-off', () => {
    expect(answer(porCantidad(10, { maxDrinksPerDay: 4 }), 'verify', undefined, '02:00')).toMatchObject({
      bebidasHoy: 3,
    });
  });

  it('leaves the fields out without a per-day limit, and a null next time out of the wire', () => {
    const plain = answer(porCantidad(10, { maxDrinksPerDay: null }), 'consume');
    expect(plain).not.toHaveProperty('bebidasHoy');
    expect(plain).not.toHaveProperty('maxDrinksPerDay');
    const tipo = porCantidad(10, { maxDrinksPerDay: 2, validoHasta: utc('2026-07-05T03:00:00Z') });
    const refused = answer(tipo, 'consume');
    expect(refused.reason).toBe('limite_diario');
    expect(refused).not.toHaveProperty('nextAllowedTime');
  });

  it('counts top-ups in the drinks left and in the ticket’s state', () => {
    expect(answer(porCantidad(3), 'consume').reason).toBe('agotado');
    expect(answer(porCantidad(3), 'consume', 2)).toMatchObject({
      success: true,
      remainingDrinks: 1,
      canConsume: true,
    });
    const tipo = porCantidad(3, { maxDrinksPerDay: 5, barrasPermitidas: ['VIP'] });
    const history = served.map((timestamp, i) => ({
      id: i + 1,
      tipoBebida: 'copa',
      timestamp,
      barra: 'VIP',
    }));
    const shown = toScannedTicket(row(tipo, 1), history, now);
    expect(shown.ticket).toMatchObject({ estado: 'activo', recargas: 1 });
    expect(shown.tipoTicket).toMatchObject({ maxDrinksPerDay: 5, barrasPermitidas: ['VIP'] });
    expect(toScannedTicket(row(tipo), history, now).ticket.estado).toBe('agotado');
  });

  it('asks a wrong drink’s canConsume with the ticket’s top-ups and the event’s cut-off', () => {
    const cerveza = porCantidad(3, { drinkType: 'cerveza', maxDrinksPerDay: 3 });
    const ask = (recargas: number | undefined, corteDiario?: string) => {
      const decision = decideScan(scan(cerveza, { consumos: served, now, recargas, corteDiario }));
      expect(decision.reason).toBe('tipo_bebida');
      return toScanResult({
        decision,
        ticket: row(cerveza, recargas),
        times: served,
        tipoBebida: 'copa',
        now,
        timeZone: 'Europe/Madrid',
        kind: 'consume',
        place: corteDiario ? { corteDiario } : undefined,
      }).canConsume;
    };
    expect(ask(undefined)).toBe(false); // 3 of 3 drinks
    expect(ask(1)).toBe(true); // 3 of 4, 2 of 3 today
    expect(ask(1, '02:00')).toBe(false); // from 02:00 all 3 are today's
  });

  it('shows a ticket without festival data exactly as before', () => {
    const shown = toScannedTicket(row(porCantidad(3)), [], now);
    expect(shown.ticket).not.toHaveProperty('recargas');
    expect(shown.tipoTicket).not.toHaveProperty('maxDrinksPerDay');
    expect(shown.tipoTicket).not.toHaveProperty('barrasPermitidas');
    expect(Object.keys(shown.tipoTicket)).toEqual([
      'nombre',
      'modo',
      'maxDrinks',
      'drinkIntervalMinutes',
      'durationMinutes',
      'drinkType',
      'validoDesde',
      'validoHasta',
    ]);
  });
});

describe('the wire schema', () => {
  it('keeps the base rules’ reasons and adds the festival ones', () => {
    expect(limitScanReasons).toEqual(['barra_no_permitida', 'limite_diario']);
    expect(allScanReasons).toEqual([...scanReasons, 'barra_no_permitida', 'limite_diario']);
  });

  it('accepts an answer with the new reasons and fields', () => {
    const parsed = scanResult.parse({
      success: false,
      canConsume: false,
      message: 'Límite diario alcanzado',
      reason: 'limite_diario',
      tipoBebida: 'copa',
      bebidasHoy: 2,
      maxDrinksPerDay: 2,
      ticket: { id: 1, estado: 'activo', titular: 'Ana', createdAt: '2026-07-04T20:00:00.000Z', recargas: 3 },
    });
    expect(parsed).toMatchObject({ bebidasHoy: 2, maxDrinksPerDay: 2, ticket: { recargas: 3 } });
    expect(scanResult.safeParse({ ...parsed, reason: 'barra_no_permitida' }).success).toBe(true);
    expect(scanResult.safeParse({ ...parsed, reason: 'otra' }).success).toBe(false);
    expect(scanResult.safeParse({ ...parsed, bebidasHoy: 1.5 }).success).toBe(false);
  });
});
