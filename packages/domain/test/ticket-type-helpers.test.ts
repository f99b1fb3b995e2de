import { describe, expect, it } from 'vitest';
import {
  applyModeDefaults,
  limitText,
  messages,
  tipoTicket,
  validityOutsideEvent,
} from '../src/ticket-types';

const evento = { fechaInicio: '2026-07-04T18:00:00.000Z', fechaFin: '2026-07-05T02:00:00.000Z' };
const ms = (iso: string, delta: number) => new Date(Date.parse(iso) + delta).toISOString();
const startIssue = { field: 'validoDesde', message: messages.startOutsideEvent };
const endIssue = { field: 'validoHasta', message: messages.endOutsideEvent };

describe('validityOutsideEvent (docs/rules/scan-rules.md: the window lies inside the event)', () => {
  it.each([
    ['the whole event', evento.fechaInicio, evento.fechaFin, []],
    ['a window inside it', ms(evento.fechaInicio, 1), ms(evento.fechaFin, -1), []],
    ['a start before the event', ms(evento.fechaInicio, -1), evento.fechaFin, [startIssue]],
    ['a start after the event', ms(evento.fechaFin, 1), ms(evento.fechaFin, 2), [startIssue, endIssue]],
    ['an end after the event', evento.fechaInicio, ms(evento.fechaFin, 1), [endIssue]],
    [
      'an end before the event',
      ms(evento.fechaInicio, -2),
      ms(evento.fechaInicio, -1),
      [startIssue, endIssue],
    ],
    ['a window around the event', ms(evento.fechaInicio, -1), ms(evento.fechaFin, 1), [startIssue, endIssue]],
    ['a window at the very end, bounds included', evento.fechaFin, evento.fechaFin, []],
    ['a window at the very start, bounds included', evento.fechaInicio, evento.fechaInicio, []],
  ])('for %s reports %j', (_, validoDesde, validoHasta, issues) => {
    expect(validityOutsideEvent({ validoDesde, validoHasta }, evento)).toEqual(issues);
    const asDates = { validoDesde: new Date(validoDesde), validoHasta: new Date(validoHasta) };
    const eventoAsDates = { fechaInicio: new Date(evento.fechaInicio), fechaFin: new Date(evento.fechaFin) };
    expect(validityOutsideEvent(asDates, eventoAsDates)).toEqual(issues);
  });

  it('words the problems in Spanish', () => {
    expect([messages.startOutsideEvent, messages.endOutsideEvent]).toEqual([
      'La fecha de inicio del ticket debe estar dentro del período del evento',
      'La fecha de fin del ticket debe estar dentro del período del evento',
    ]);
  });
});

describe('limitText (docs/rules/constants.md)', () => {
  const none = { maxDrinks: null, durationMinutes: null, drinkIntervalMinutes: null };
  it.each([
    [{ ...none, modo: 'por_cantidad', maxDrinks: 4 }, '4 bebidas'],
    [{ ...none, modo: 'temporal', durationMinutes: 120 }, '120 minutos'],
    [
      { modo: 'intervalos_controlados', maxDrinks: 6, durationMinutes: 180, drinkIntervalMinutes: 30 },
      '1 bebida cada 30 min',
    ],
    [{ ...none, modo: 'por_cantidad' }, 'Sin límite'],
    [{ ...none, modo: 'temporal' }, 'Sin límite'],
    [{ ...none, modo: 'intervalos_controlados' }, 'Sin límite'],
    [{ ...none, modo: 'por_cantidad', durationMinutes: 60, drinkIntervalMinutes: 15 }, 'Sin límite'],
    [{ ...none, modo: 'temporal', maxDrinks: 4, drinkIntervalMinutes: 15 }, 'Sin límite'],
    [{ ...none, modo: 'intervalos_controlados', maxDrinks: 4, durationMinutes: 60 }, 'Sin límite'],
  ] as const)('shows %j as %j', (tipo, text) => {
    expect(limitText(tipo)).toBe(text);
  });
});

describe('applyModeDefaults (docs/rules/states-and-flows.md)', () => {
  const period = {
    validoDesde: new Date('2026-07-04T19:00:00.000Z'),
    eventoInicio: new Date(evento.fechaInicio),
    eventoFin: new Date(evento.fechaFin),
  };
  const blank = { maxDrinks: null, durationMinutes: null, drinkIntervalMinutes: null };
  const after = (minutes: number) => new Date(period.validoDesde.getTime() + minutes * 60_000);

  it('fills in 4 drinks valid for the whole event for por_cantidad', () => {
    expect(applyModeDefaults('por_cantidad', blank, period)).toEqual({
      maxDrinks: 4,
      durationMinutes: null,
      drinkIntervalMinutes: null,
      validoDesde: period.eventoInicio,
      validoHasta: period.eventoFin,
    });
    const kept = { maxDrinks: 7, durationMinutes: 60, drinkIntervalMinutes: 10 };
    expect(applyModeDefaults('por_cantidad', kept, period).maxDrinks).toBe(7);
  });

  it('fills in two hours from the chosen start for temporal', () => {
    expect(applyModeDefaults('temporal', blank, period)).toEqual({
      maxDrinks: null,
      durationMinutes: 120,
      drinkIntervalMinutes: null,
      validoDesde: period.validoDesde,
      validoHasta: after(120),
    });
    const kept = applyModeDefaults('temporal', { ...blank, durationMinutes: 45 }, period);
    expect(kept).toMatchObject({ durationMinutes: 45, validoHasta: after(45) });
  });

  it('fills in three hours, a drink every 30 minutes and the drinks that fit for intervalos', () => {
    expect(applyModeDefaults('intervalos_controlados', blank, period)).toEqual({
      maxDrinks: 6,
      durationMinutes: 180,
      drinkIntervalMinutes: 30,
      validoDesde: period.validoDesde,
      validoHasta: after(180),
    });
    const kept = applyModeDefaults(
      'intervalos_controlados',
      { maxDrinks: 99, durationMinutes: 100, drinkIntervalMinutes: 45 },
      period,
    );
    expect(kept).toEqual({
      maxDrinks: 2,
      durationMinutes: 100,
      drinkIntervalMinutes: 45,
      validoDesde: period.validoDesde,
      validoHasta: after(100),
    });
  });
});

describe('tipoTicket (response)', () => {
  const sent = {
    id: 3,
    eventoId: 1,
    nombre: 'VIP',
    modo: 'intervalos_controlados',
    maxDrinks: 6,
    drinkIntervalMinutes: 30,
    durationMinutes: 180,
    drinkType: 'todo',
    validoDesde: evento.fechaInicio,
    validoHasta: evento.fechaFin,
    maxDrinksPerDay: 3,
    barrasPermitidas: ['VIP'],
  };

  it('sends every field the screens read, with the event when joined, and nothing else', () => {
    expect(tipoTicket.parse({ ...sent, createdBy: 2 })).toEqual(sent);
    const withEvent = { ...sent, evento: { nombre: 'Boda', ubicacion: 'Sevilla' } };
    expect(tipoTicket.parse(withEvent)).toEqual(withEvent);
    expect(tipoTicket.safeParse({ ...sent, modo: 'barra_libre_tiempo' }).success).toBe(false);
  });
});
