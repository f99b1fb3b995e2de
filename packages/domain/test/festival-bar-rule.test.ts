import { describe, expect, it } from 'vitest';
import { type ScanTicketRow, toScanResult } from '../src/scan-answer';
import {
  barAllowed,
  barKey,
  barRefusalMessage,
  decideScan,
  scanRuleMessages,
  validOnlyAtText,
} from '../src/scan-rules';
import { bars, desde, intervalos, porCantidad, scan, times, utc } from './support/festival-scans';

describe('rule 4, barra_no_permitida', () => {
  it('serves at a bar the type names, compared trimmed and in any case', () => {
    for (const barra of ['Barra Norte', 'barra norte', '  BARRA NORTE ', 'vip']) {
      expect(decideScan(scan(porCantidad(3, bars), { barra })), barra).toMatchObject({
        allowed: true,
        reason: 'ok',
      });
    }
  });

  it('refuses another bar, and a scan that names no bar, with its Spanish message', () => {
    for (const barra of ['Barra Sur', null, '', 'Barra', 'VIP 2']) {
      expect(decideScan(scan(porCantidad(3, bars), { barra }))).toEqual({
        allowed: false,
        reason: 'barra_no_permitida',
        message: 'Este ticket no es válido en esta barra. Válido en: Barra Norte, VIP',
        canConsumeAgain: false,
      });
    }
    expect(scanRuleMessages.barraNoPermitida).toBe('Este ticket no es válido en esta barra');
  });

  it("names the one bar, or every bar in the type's order, where the ticket is valid", () => {
    const refused = (barrasPermitidas: string[]) =>
      decideScan(scan(porCantidad(3, { barrasPermitidas }), { barra: 'Terraza' })).message;
    expect(refused(['VIP'])).toBe('Este ticket no es válido en esta barra. Válido en: VIP');
    expect(refused(['VIP', 'Carpa'])).toBe('Este ticket no es válido en esta barra. Válido en: VIP, Carpa');
    expect(barRefusalMessage(null)).toBe('Este ticket no es válido en esta barra');
    expect(barRefusalMessage([])).toBe('Este ticket no es válido en esta barra');
  });

  it("says 'Válido solo en: …' for a type that names bars, and nothing for one valid everywhere", () => {
    expect(validOnlyAtText(['VIP'])).toBe('Válido solo en: VIP');
    expect(validOnlyAtText(['VIP', 'Terraza'])).toBe('Válido solo en: VIP, Terraza');
    expect(validOnlyAtText(null)).toBeNull();
    expect(validOnlyAtText(undefined)).toBeNull();
    expect(validOnlyAtText([])).toBeNull();
  });

  it('skips the rule for a verification without the device bar (barra undefined)', () => {
    expect(decideScan(scan(porCantidad(3, bars)))).toMatchObject({ allowed: true, reason: 'ok' });
    expect(decideScan(scan(porCantidad(3, bars), { barra: undefined })).allowed).toBe(true);
  });

  it('serves every bar, and no bar at all, when the type names none', () => {
    for (const barrasPermitidas of [null, undefined]) {
      for (const barra of ['Cualquiera', null, undefined]) {
        expect(decideScan(scan(porCantidad(3, { barrasPermitidas }), { barra })).allowed).toBe(true);
      }
    }
  });

  it('refuses everywhere a type whose list is empty', () => {
    expect(decideScan(scan(porCantidad(3, { barrasPermitidas: [] }), { barra: 'VIP' })).reason).toBe(
      'barra_no_permitida',
    );
    expect(decideScan(scan(porCantidad(3, { barrasPermitidas: [] }))).reason).toBe('ok');
  });

  it('comes after the validity (3 before 4) and before the drink (4 before 5)', () => {
    const wrongBar = { barra: 'Barra Sur' };
    expect(
      decideScan(scan(porCantidad(3, bars), { ...wrongBar, ticket: { estado: 'invalidado' } })).reason,
    ).toBe('invalidado');
    expect(
      decideScan(scan(porCantidad(3, bars), { ...wrongBar, now: utc('2026-07-03T15:59:00Z') })).reason,
    ).toBe('no_valido_aun');
    expect(
      decideScan(scan(porCantidad(3, bars), { ...wrongBar, now: utc('2026-07-06T04:00:01Z') })).reason,
    ).toBe('caducado');
    const wrongDrink = porCantidad(3, { ...bars, drinkType: 'cerveza' });
    expect(decideScan(scan(wrongDrink, { ...wrongBar, tipoBebida: 'copa' })).reason).toBe(
      'barra_no_permitida',
    );
    expect(decideScan(scan(wrongDrink, { barra: 'VIP', tipoBebida: 'copa' })).reason).toBe('tipo_bebida');
  });

  it('comes before the count, the day and the interval', () => {
    const spent = intervalos(60, 1, { ...bars, maxDrinksPerDay: 1 });
    const input = scan(spent, { barra: 'Barra Sur', consumos: times('2026-07-04T19:50:00Z') });
    expect(decideScan(input).reason).toBe('barra_no_permitida');
    expect(decideScan({ ...input, barra: 'VIP' }).reason).toBe('agotado');
  });

  it('answers canConsume false: another bar would serve it, not this one', () => {
    const tipo = porCantidad(3, bars);
    const ticket: ScanTicketRow = {
      id: 1,
      estado: 'activo',
      createdAt: desde,
      titular: 'Ana',
      tipo: { ...tipo, nombre: 'VIP', durationMinutes: null },
    };
    const input = scan(tipo, { barra: 'Barra Sur' });
    const decision = decideScan(input);
    for (const kind of ['consume', 'verify'] as const) {
      const answer = toScanResult({
        decision,
        ticket,
        times: [],
        tipoBebida: 'copa',
        now: input.now,
        timeZone: 'Europe/Madrid',
        kind,
        place: { barra: 'Barra Sur' },
      });
      expect(answer).toEqual({
        success: false,
        canConsume: false,
        message: 'Este ticket no es válido en esta barra. Válido en: Barra Norte, VIP',
        reason: 'barra_no_permitida',
        tipoBebida: 'copa',
      });
      // No count was reached: the answer carries no remainingDrinks at all.
      expect(answer).not.toHaveProperty('remainingDrinks');
      // Only a wrong drink asks again: a refusal for any other reason stays unconsumable, even
      // when the answer is built without the bar the decision saw.
      expect(
        toScanResult({
          decision,
          ticket,
          times: [],
          tipoBebida: 'copa',
          now: input.now,
          timeZone: 'Europe/Madrid',
          kind,
        }).canConsume,
      ).toBe(false);
    }
  });

  it('keeps a wrong drink at a right bar consumable (canConsume asks with the same bar)', () => {
    const tipo = porCantidad(3, { ...bars, drinkType: 'cerveza' });
    const ticket: ScanTicketRow = {
      id: 1,
      estado: 'activo',
      createdAt: desde,
      titular: 'Ana',
      tipo: { ...tipo, nombre: 'Cerveza', durationMinutes: null },
    };
    const now = utc('2026-07-04T20:00:00Z');
    const base = {
      ticket,
      times: [],
      tipoBebida: 'copa',
      now,
      timeZone: 'Europe/Madrid',
      kind: 'consume' as const,
    };
    const decision = decideScan(scan(tipo, { barra: 'VIP', tipoBebida: 'copa' }));
    expect(decision.reason).toBe('tipo_bebida');
    expect(toScanResult({ ...base, decision, place: { barra: 'VIP' } }).canConsume).toBe(true);
    // Asked again at another bar (a stale place), the ticket's own drink would not be served there.
    expect(toScanResult({ ...base, decision, place: { barra: 'Barra Sur' } }).canConsume).toBe(false);
    expect(toScanResult({ ...base, decision }).canConsume).toBe(true);
  });

  it('compares names as barKey does', () => {
    expect(barKey('  Barra ÑANDÚ ')).toBe('barra ñandú');
    expect(barAllowed({ barrasPermitidas: ['Barra Ñandú'] }, 'BARRA ÑANDÚ')).toBe(true);
    expect(barAllowed({ barrasPermitidas: ['Barra Ñandú'] }, null)).toBe(false);
    expect(barAllowed({ barrasPermitidas: ['Barra Ñandú'] }, undefined)).toBe(true);
    expect(barAllowed({}, null)).toBe(true);
  });
});
