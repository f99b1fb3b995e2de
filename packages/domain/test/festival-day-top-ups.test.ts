import { describe, expect, it } from 'vitest';
import { dailyAllowance, todayText, type DayTopUp } from '../src/daily-cutoff';
import { offlineTicketId } from '../src/offline-crypto';
import { offlineData, sealHolderName } from '../src/offline-data';
import { decideOfflineScan } from '../src/offline-decision';
import { judgeOfflineScan } from '../src/offline-sync';
import { answerScan, type ScanTicketRow } from '../src/scan-answer';
import { decideScan } from '../src/scan-rules';
import { porCantidad, scan, times, utc } from './support/festival-scans';

// docs/decisions/063: a top-up 'Usable también hoy' raises the per-day limit (rule 7) of the
// festival day it was made in, and only that day — online, in the answers and offline alike.

const topUp = (at: string, bebidas = 2): DayTopUp => ({ at: utc(at), bebidas });

// Saturday's festival day in Madrid (summer): Sat 06:00 (04:00Z) to Sun 06:00 (Sun 04:00Z).
const saturdayDrinks = times('2026-07-04T18:00:00Z', '2026-07-04T19:00:00Z');
const twoADay = porCantidad(10, { maxDrinksPerDay: 2 });

describe('dailyAllowance', () => {
  it('adds only the top-ups made in the festival day `now` falls on', () => {
    const now = utc('2026-07-04T20:00:00Z');
    expect(dailyAllowance(2, undefined, now)).toBe(2);
    expect(dailyAllowance(2, [topUp('2026-07-04T19:30:00Z', 3)], now)).toBe(5);
    // Friday's day (Sat 03:00 local) and Sunday's (Sun 06:00 local) do not count on Saturday.
    expect(dailyAllowance(2, [topUp('2026-07-04T01:00:00Z'), topUp('2026-07-05T04:00:00Z')], now)).toBe(2);
    // Two of the same day add up; the cut-off itself starts the new day.
    const both = [topUp('2026-07-04T04:00:00Z', 1), topUp('2026-07-05T03:59:59.999Z', 1)];
    expect(dailyAllowance(2, both, now)).toBe(4);
  });
});

describe('rule 7 with top-ups usable today', () => {
  it('serves today once a top-up usable today is made at the limit, up to the raised limit', () => {
    const now = utc('2026-07-04T20:00:00Z');
    expect(decideScan(scan(twoADay, { consumos: saturdayDrinks, now })).reason).toBe('limite_diario');
    const recargasHoy = [topUp('2026-07-04T19:30:00Z')];
    const served = decideScan(scan(twoADay, { consumos: saturdayDrinks, now, recargas: 2, recargasHoy }));
    expect(served).toMatchObject({ allowed: true, reason: 'ok', remainingDrinks: 9, canConsumeAgain: true });
    const four = [...saturdayDrinks, ...times('2026-07-04T19:45:00Z', '2026-07-04T19:50:00Z')];
    expect(decideScan(scan(twoADay, { consumos: four, now, recargas: 2, recargasHoy }))).toMatchObject({
      allowed: false,
      reason: 'limite_diario',
      nextAllowedTime: utc('2026-07-05T04:00:00Z'),
    });
    // The third of four today is the last today: canConsumeAgain says so.
    const three = four.slice(0, 3);
    expect(
      decideScan(scan(twoADay, { consumos: three, now, recargas: 2, recargasHoy })).canConsumeAgain,
    ).toBe(false);
  });

  it('raises that festival day only: after the cut-off the limit is the type’s again', () => {
    // Made Sun 05:30 local (03:30Z): still Saturday's day, so usable until Sun 06:00.
    const recargasHoy = [topUp('2026-07-05T03:30:00Z')];
    const input = { consumos: saturdayDrinks, recargas: 2, recargasHoy };
    expect(decideScan(scan(twoADay, { ...input, now: utc('2026-07-05T03:59:00Z') })).allowed).toBe(true);
    const sunday = [...times('2026-07-05T04:10:00Z', '2026-07-05T05:00:00Z')];
    const next = { ...input, consumos: [...saturdayDrinks, ...sunday], now: utc('2026-07-05T06:00:00Z') };
    expect(decideScan(scan(twoADay, next)).reason).toBe('limite_diario');
  });

  it('a top-up not usable today leaves rule 7 as it was (only the total grows)', () => {
    const now = utc('2026-07-04T20:00:00Z');
    const decision = decideScan(scan(twoADay, { consumos: saturdayDrinks, now, recargas: 2 }));
    expect(decision).toMatchObject({ reason: 'limite_diario', remainingDrinks: 10 });
    const tomorrow = decideScan(
      scan(twoADay, { consumos: saturdayDrinks, now: utc('2026-07-05T04:00:00Z') }),
    );
    expect(tomorrow.allowed).toBe(true);
  });

  it('on the spring-forward night (29 March): the 23-hour day keeps its top-up to its end', () => {
    const tipo = porCantidad(10, {
      maxDrinksPerDay: 1,
      validoDesde: utc('2026-03-27T00:00:00Z'),
      validoHasta: utc('2026-03-31T00:00:00Z'),
    });
    // Saturday's day: Sat 28 06:00 CET (05:00Z) to Sun 29 06:00 CEST (04:00Z).
    const drunk = times('2026-03-28T22:00:00Z');
    const recargasHoy = [topUp('2026-03-29T03:30:00Z', 1)]; // 05:30 CEST, still Saturday's
    const at = (iso: string, consumos = drunk) =>
      decideScan(scan(tipo, { consumos, now: utc(iso), recargas: 1, recargasHoy }));
    expect(at('2026-03-29T03:59:00Z').allowed).toBe(true);
    expect(at('2026-03-29T04:00:00Z', [...drunk, utc('2026-03-29T04:00:00Z')]).reason).toBe('limite_diario');
    // A cut-off at 02:30, a time the clock skips, falls at the change (01:00Z): a top-up one
    // minute before it is the old day's, one at it the new day's.
    const skipped = { corteDiario: '02:30', recargas: 1, consumos: times('2026-03-29T01:00:00Z') };
    const now = utc('2026-03-29T02:00:00Z');
    expect(
      decideScan(scan(tipo, { ...skipped, now, recargasHoy: [topUp('2026-03-29T00:59:00Z', 1)] })).reason,
    ).toBe('limite_diario');
    expect(
      decideScan(scan(tipo, { ...skipped, now, recargasHoy: [topUp('2026-03-29T01:00:00Z', 1)] })).allowed,
    ).toBe(true);
  });

  it('on the fall-back night (25 October): the repeated hour is the new day’s, the 25-hour day keeps its top-up', () => {
    const tipo = porCantidad(10, {
      maxDrinksPerDay: 1,
      validoDesde: utc('2026-10-23T00:00:00Z'),
      validoHasta: utc('2026-10-27T00:00:00Z'),
    });
    // Saturday's day: Sat 24 06:00 CEST (04:00Z) to Sun 25 06:00 CET (05:00Z), 25 hours.
    const drunk = times('2026-10-24T20:00:00Z');
    const recargasHoy = [topUp('2026-10-25T04:30:00Z', 1)]; // 05:30 CET, still Saturday's
    const input = { consumos: drunk, recargas: 1, recargasHoy };
    expect(decideScan(scan(tipo, { ...input, now: utc('2026-10-25T04:59:00Z') })).allowed).toBe(true);
    // A cut-off at 02:30, read twice, falls at its first (00:30Z): a top-up in the repeated hour
    // (02:15 CET = 01:15Z) is the new day's and lifts nothing of the old one.
    const twice = { corteDiario: '02:30', recargas: 1, consumos: times('2026-10-24T23:00:00Z') };
    const repeated = [topUp('2026-10-25T01:15:00Z', 1)];
    expect(
      decideScan(scan(tipo, { ...twice, now: utc('2026-10-25T00:29:00Z'), recargasHoy: repeated })).reason,
    ).toBe('limite_diario');
    const newDay = { ...twice, consumos: times('2026-10-25T00:40:00Z'), recargasHoy: repeated };
    expect(decideScan(scan(tipo, { ...newDay, now: utc('2026-10-25T01:20:00Z') })).allowed).toBe(true);
  });
});

describe('the answers and the offline scanner', () => {
  const row = (recargasHoy?: DayTopUp[]): ScanTicketRow => ({
    id: 7,
    estado: 'activo',
    createdAt: utc('2026-07-03T16:00:00Z'),
    titular: 'Ana García',
    tipo: { ...twoADay, nombre: 'Pulsera', durationMinutes: null },
    recargas: 2,
    ...(recargasHoy ? { recargasHoy } : {}),
  });
  const scanAt = (recargasHoy?: DayTopUp[]) => ({
    ticket: row(recargasHoy),
    times: saturdayDrinks,
    tipoBebida: 'copa',
    now: utc('2026-07-04T20:00:00Z'),
    timeZone: 'Europe/Madrid',
  });

  it('say today’s raised limit: limiteHoy only when raised, and "Hoy: 3 de 4"', () => {
    const { result } = answerScan(scanAt([topUp('2026-07-04T19:30:00Z')]), 'consume');
    expect(result).toMatchObject({ success: true, bebidasHoy: 3, maxDrinksPerDay: 2, limiteHoy: 4 });
    expect(todayText(result)).toBe('Hoy: 3 de 4');
    const plain = answerScan(scanAt(), 'verify').result;
    expect(plain).not.toHaveProperty('limiteHoy');
    expect(todayText(plain)).toBe('Hoy: 2 de 2');
  });

  it('judge an uploaded offline drink with the top-ups of its day: no conflict within the raised limit', () => {
    const base = {
      ticket: { estado: 'activo' as const },
      tipo: twoADay,
      consumos: saturdayDrinks,
      tipoBebida: 'copa',
      escaneadoEn: utc('2026-07-04T20:30:00Z'),
      timeZone: 'Europe/Madrid',
      recargas: 2,
    };
    expect(judgeOfflineScan(base)).toMatchObject({ conflicto: true, reason: 'limite_diario' });
    expect(judgeOfflineScan({ ...base, recargasHoy: [topUp('2026-07-04T20:00:00Z')] }).conflicto).toBe(false);
    // Another day's top-up does not excuse it.
    expect(judgeOfflineScan({ ...base, recargasHoy: [topUp('2026-07-05T05:00:00Z')] }).conflicto).toBe(true);
  });

  it('decide offline from the downloaded top-ups usable today, as the server would', async () => {
    const qr = 'qr-festival-hoy';
    const data = (recargasHoy?: { createdAt: string; bebidas: number }[]) =>
      Promise.all([offlineTicketId(qr), sealHolderName(qr, 'Ana García')]).then(([id, titular]) =>
        offlineData.parse({
          evento: {
            nombre: 'Festival',
            ubicacion: 'Benicàssim',
            fechaInicio: '2026-07-03T16:00:00Z',
            fechaFin: '2026-07-06T04:00:00Z',
            zonaHoraria: 'Europe/Madrid',
          },
          tiposTicket: [
            {
              ...twoADay,
              id: 1,
              nombre: 'Pulsera',
              durationMinutes: null,
              validoDesde: twoADay.validoDesde.toISOString(),
              validoHasta: twoADay.validoHasta.toISOString(),
            },
          ],
          tickets: [
            {
              id,
              ticketId: 7,
              ticketTypeId: 1,
              estado: 'activo',
              createdAt: '2026-07-03T16:00:00Z',
              consumos: saturdayDrinks.map((time) => time.toISOString()),
              titular,
              recargas: 2,
              ...(recargasHoy ? { recargasHoy } : {}),
            },
          ],
          generadoEn: '2026-07-04T19:40:00Z',
        }),
      );
    const now = utc('2026-07-04T20:00:00Z');
    const refused = await decideOfflineScan({ data: await data(), qrCode: qr, localDrinks: [], now });
    expect(refused.found && refused.result.reason).toBe('limite_diario');
    const withTopUp = await data([{ createdAt: '2026-07-04T19:30:00.000Z', bebidas: 2 }]);
    const served = await decideOfflineScan({ data: withTopUp, qrCode: qr, localDrinks: [], now });
    expect(served.found && served.result).toMatchObject({ success: true, bebidasHoy: 3, limiteHoy: 4 });
    // The device's own drinks count too: two served here since, the raised limit is reached.
    const localDrinks = ['2026-07-04T20:00:00Z', '2026-07-04T20:05:00Z'].map((timestamp) => ({
      ticket: served.found ? served.ticket : '',
      tipoBebida: 'copa',
      timestamp,
      barra: null,
    }));
    const after = await decideOfflineScan({
      data: withTopUp,
      qrCode: qr,
      localDrinks,
      now: utc('2026-07-04T20:10:00Z'),
    });
    expect(after.found && after.result.reason).toBe('limite_diario');
    // After the cut-off the raised limit is gone: the type's two a day again, none drunk yet.
    const sunday = await decideOfflineScan({
      data: withTopUp,
      qrCode: qr,
      localDrinks,
      now: utc('2026-07-05T04:00:00Z'),
    });
    expect(sunday.found && sunday.result).toMatchObject({ success: true, bebidasHoy: 1 });
    expect(sunday.found && sunday.result).not.toHaveProperty('limiteHoy');
  });
});
