import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { describe, expect, it } from 'vitest';
import { checkTicketType } from '@/features/ticket-types/utils/check-ticket-type';
import { duplicateBody, duplicateName } from '@/features/ticket-types/utils/duplicate-ticket-type';
import {
  ticketTypeEditPath,
  ticketTypesPath,
  ticketTypesSelection,
} from '@/features/ticket-types/utils/event-selection';
import {
  drinkOptions,
  filterTicketTypes,
  noFilters,
} from '@/features/ticket-types/utils/filter-ticket-types';
import {
  createDefaults,
  derivedMaxDrinks,
  localToIso,
  modeValues,
  validityEnd,
  type TicketTypeFormValues,
} from '@/features/ticket-types/utils/form-values';
import { ALL_EVENTS, parseSelection, resolveSelection, storeSelection } from '@/lib/event-selection';
import { toDateTimeLocal } from '@/lib/format';
import { aTicketType } from '../support/entities';

const evento = { id: 3, fechaInicio: '2030-07-04T18:00:00.000Z', fechaFin: '2030-07-05T02:00:00.000Z' };
const local = (iso: string) => toDateTimeLocal(iso);

const form = (patch: Partial<TicketTypeFormValues> = {}): TicketTypeFormValues => ({
  ...createDefaults(evento),
  nombre: 'Barra libre',
  ...patch,
});
const issuesOf = (values: TicketTypeFormValues, rules: 'quick' | 'edit') =>
  Object.fromEntries(checkTicketType(values, evento, rules).issues.map((i) => [i.field, i.message]));

describe('create defaults and the mode switch', () => {
  it('starts por cantidad with 4 drinks, all drinks and the event period', () => {
    expect(createDefaults(evento)).toEqual({
      nombre: '',
      modo: 'por_cantidad',
      drinkType: 'todo',
      maxDrinks: '4',
      durationMinutes: '',
      drinkIntervalMinutes: '',
      validoDesde: local(evento.fechaInicio),
      validoHasta: local(evento.fechaFin),
      maxDrinksPerDay: '',
      barrasPermitidas: [],
    });
  });

  it('temporal clears maxDrinks and interval, defaults to 120 minutes and derives valid-to', () => {
    const next = modeValues('temporal', form(), evento);
    expect(next).toMatchObject({ maxDrinks: '', drinkIntervalMinutes: '', durationMinutes: '120' });
    expect(next.validoHasta).toBe(local('2030-07-04T20:00:00.000Z'));
  });

  it('intervalos defaults to 180 minutes every 30 and computes floor(duration / interval)', () => {
    const next = modeValues('intervalos_controlados', form(), evento);
    expect(next).toMatchObject({ durationMinutes: '180', drinkIntervalMinutes: '30', maxDrinks: '6' });
    expect(derivedMaxDrinks({ durationMinutes: '100', drinkIntervalMinutes: '30' })).toBe(3);
    expect(derivedMaxDrinks({ durationMinutes: '', drinkIntervalMinutes: '30' })).toBeNull();
  });

  it('por cantidad resets the validity to the event period', () => {
    const moved = form({
      modo: 'temporal',
      durationMinutes: '60',
      validoDesde: local('2030-07-04T20:00:00Z'),
    });
    const next = modeValues('por_cantidad', moved, evento);
    expect(next).toMatchObject({ durationMinutes: '', maxDrinks: '4' });
    expect([next.validoDesde, next.validoHasta]).toEqual([local(evento.fechaInicio), local(evento.fechaFin)]);
  });
});

describe('validity', () => {
  it('keeps the exact instant of the event start and end', () => {
    const withSeconds = { ...evento, fechaInicio: '2030-07-04T18:00:30.000Z' };
    expect(localToIso(local(withSeconds.fechaInicio), withSeconds)).toBe(withSeconds.fechaInicio);
    expect(localToIso('', evento)).toBeNull();
  });

  it('derives valid-to from valid-from and the duration except por cantidad', () => {
    const values = form({ modo: 'temporal', durationMinutes: '90', validoDesde: local(evento.fechaInicio) });
    expect(validityEnd(values, evento)).toBe('2030-07-04T19:30:00.000Z');
    expect(validityEnd(form(), evento)).toBe(evento.fechaFin);
  });
});

describe('checkTicketType', () => {
  it('returns the API body for a valid intervalos form', () => {
    const values = form({ ...modeValues('intervalos_controlados', form(), evento), drinkType: ' copas ' });
    expect(checkTicketType(values, evento, 'quick')).toEqual({
      issues: [],
      payload: {
        eventoId: 3,
        nombre: 'Barra libre',
        modo: 'intervalos_controlados',
        maxDrinks: 6,
        durationMinutes: 180,
        drinkIntervalMinutes: 30,
        drinkType: 'copas',
        validoDesde: evento.fechaInicio,
        validoHasta: '2030-07-04T21:00:00.000Z',
        maxDrinksPerDay: null,
        barrasPermitidas: null,
      },
    });
  });

  it('applies the quick form bounds in the dialog and the server bounds on the edit page', () => {
    const intervalos = form({
      modo: 'intervalos_controlados',
      durationMinutes: '45',
      drinkIntervalMinutes: '3',
    });
    expect(issuesOf(intervalos, 'quick')).toMatchObject({
      durationMinutes: 'La duración debe estar entre 60 y 1440 minutos',
      drinkIntervalMinutes: 'El intervalo debe estar entre 5 y 180 minutos',
    });
    expect(issuesOf(intervalos, 'edit')).toEqual({});
    const longInterval = form({
      modo: 'intervalos_controlados',
      durationMinutes: '300',
      drinkIntervalMinutes: '200',
    });
    expect(issuesOf(longInterval, 'edit')).toEqual({});
    expect(issuesOf({ ...longInterval, drinkIntervalMinutes: '241' }, 'edit')).toEqual({
      drinkIntervalMinutes: 'El intervalo debe estar entre 1 y 240 minutos',
    });
  });

  it('reports names, drink types and counts with the spec messages', () => {
    expect(issuesOf(form({ nombre: ' ', drinkType: 'ab', maxDrinks: '51' }), 'edit')).toEqual({
      nombre: 'El nombre es requerido',
      drinkType: 'El tipo de bebida debe tener al menos 3 caracteres',
      maxDrinks: 'Debe especificar entre 1 y 50 bebidas',
    });
    expect(issuesOf(form({ nombre: 'ab', maxDrinks: '' }), 'quick')).toEqual({
      nombre: 'El nombre debe tener al menos 3 caracteres',
      maxDrinks: 'Debe especificar entre 1 y 50 bebidas',
    });
    expect(issuesOf(form({ modo: 'temporal', durationMinutes: '1441' }), 'quick')).toMatchObject({
      durationMinutes: 'La duración debe estar entre 30 y 1440 minutos',
    });
  });

  it('refuses an interval longer than the duration (no drink would be possible)', () => {
    const values = form({
      modo: 'intervalos_controlados',
      durationMinutes: '60',
      drinkIntervalMinutes: '90',
    });
    expect(issuesOf(values, 'quick')).toEqual({
      drinkIntervalMinutes: 'El intervalo no puede ser mayor que la duración',
    });
  });

  it('keeps the validity window inside the event', () => {
    const late = form({
      modo: 'temporal',
      durationMinutes: '120',
      validoDesde: local('2030-07-05T01:00:00Z'),
    });
    expect(issuesOf(late, 'quick')).toEqual({
      validoHasta: 'La fecha de fin del ticket debe estar dentro del período del evento',
    });
    const early = { ...late, validoDesde: local('2030-07-04T17:00:00Z') };
    expect(issuesOf(early, 'quick')).toEqual({
      validoDesde: 'La fecha de inicio del ticket debe estar dentro del período del evento',
    });
    expect(issuesOf({ ...late, validoDesde: '' }, 'quick')).toEqual({
      validoDesde: 'La fecha de inicio del ticket no es válida',
    });
  });

  it('needs valid-to after valid-from when both are typed (edit page, por cantidad)', () => {
    const values = form({
      validoDesde: local('2030-07-04T22:00:00Z'),
      validoHasta: local('2030-07-04T21:00:00Z'),
    });
    expect(issuesOf(values, 'edit')).toEqual({
      validoHasta: 'La fecha de fin del ticket debe ser posterior a la fecha de inicio',
    });
  });
});

const tipo = (patch: Partial<TipoTicket>) => aTicketType({ id: 1, eventoId: 3, ...patch });

describe('duplicate', () => {
  it("appends ' (Copia)' and stays within 100 characters", () => {
    expect(duplicateName('Bono')).toBe('Bono (Copia)');
    const long = 'x'.repeat(100);
    expect(duplicateName(long)).toHaveLength(100);
    expect(duplicateName(long).endsWith(' (Copia)')).toBe(true);
  });

  it('copies the configuration into the same event', () => {
    const { id: _id, ...rest } = tipo({ evento: { nombre: 'Boda', ubicacion: 'Sevilla' } });
    const { evento: _evento, ...config } = rest;
    expect(duplicateBody(tipo({}))).toEqual({ ...config, nombre: 'Bono 4 Copas (Copia)' });
  });
});

describe('event selection', () => {
  const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });
  const { eventoIdKey, showAllKey } = ticketTypesSelection;
  const resolve = (param: string | null, entries: Record<string, string>) =>
    resolveSelection(param, [1, 2], storage(entries), ticketTypesSelection);

  it('reads ?evento first, then local storage, and falls back to all events', () => {
    expect(resolve('2', { [eventoIdKey]: '1' })).toBe(2);
    expect(resolve('todos', { [eventoIdKey]: '1' })).toBe(ALL_EVENTS);
    expect(resolve(null, { [eventoIdKey]: '1' })).toBe(1);
    expect(resolve(null, { [eventoIdKey]: '1', [showAllKey]: 'true' })).toBe(ALL_EVENTS);
    expect(resolve('99', {})).toBe(ALL_EVENTS);
    expect(resolve(null, { [eventoIdKey]: '99' })).toBe(ALL_EVENTS);
  });

  it('remembers the choice under the spec keys', () => {
    storeSelection(2, localStorage, ticketTypesSelection);
    expect(localStorage.getItem('selectedEventoId')).toBe('2');
    expect(localStorage.getItem('tipos-ticket-show-all-events')).toBe('false');
    storeSelection(ALL_EVENTS, localStorage, ticketTypesSelection);
    expect(localStorage.getItem('tipos-ticket-show-all-events')).toBe('true');
  });

  it('reads a ?evento= value without the event list, e.g. on the edit page', () => {
    expect(parseSelection('todos')).toBe(ALL_EVENTS);
    expect(parseSelection('3')).toBe(3);
    expect(parseSelection('3', [1, 2])).toBeUndefined();
    for (const bad of [null, '', '0', '-1', '1.5', 'abc']) expect(parseSelection(bad)).toBeUndefined();
  });

  it('builds the list and edit paths that carry the selection', () => {
    expect(ticketTypesPath(3)).toBe('/organizer/tipos-ticket?evento=3');
    expect(ticketTypesPath(ALL_EVENTS)).toBe('/organizer/tipos-ticket?evento=todos');
    expect(ticketTypesPath(undefined)).toBe('/organizer/tipos-ticket');
    expect(ticketTypeEditPath(12, 3)).toBe('/organizer/tipos-ticket/12/editar?evento=3');
  });
});

describe('list filters', () => {
  const tipos = [
    tipo({ id: 1, nombre: 'Bono Cócteles', drinkType: 'Copas' }),
    tipo({ id: 2, nombre: 'Barra libre', modo: 'temporal', drinkType: 'todas' }),
    tipo({ id: 3, nombre: 'Cerveza', modo: 'intervalos_controlados', drinkType: 'cerveza' }),
    tipo({ id: 4, nombre: 'Vino', drinkType: 'todo' }),
  ];

  it('offers each drink type present once, compared case-insensitively', () => {
    expect(drinkOptions(tipos)).toEqual([
      { value: 'cerveza', label: 'Cerveza' },
      { value: 'copas', label: 'Copas' },
      { value: 'todo', label: 'Todas las bebidas' },
    ]);
  });

  it('filters by name (ignoring case and accents), limit type and drink type', () => {
    const ids = (filters: Partial<typeof noFilters>) =>
      filterTicketTypes(tipos, { ...noFilters, ...filters }).map((t) => t.id);
    expect(ids({ search: 'cocte' })).toEqual([1]);
    expect(ids({ modo: 'temporal' })).toEqual([2]);
    expect(ids({ drink: 'todo' })).toEqual([2, 4]);
    expect(ids({ drink: 'todo', search: 'vino' })).toEqual([4]);
  });
});
