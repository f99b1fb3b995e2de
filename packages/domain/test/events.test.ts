import { describe, expect, it } from 'vitest';
import {
  apiKeyBody,
  apiKeyMessages,
  eventMessages,
  eventStatus,
  eventStatusLabels,
  eventStatuses,
  evento,
  eventoBody,
  eventoDetail,
} from '../src/events';

const inicio = '2026-07-04T18:00:00.000Z';
const fin = '2026-07-05T02:00:00.000Z';
const ms = (iso: string, delta: number) => new Date(Date.parse(iso) + delta);

describe('eventStatus (docs/rules/events.md)', () => {
  it.each([
    [ms(inicio, -1), 'próximo'],
    [ms(inicio, 0), 'activo'],
    [ms(fin, 0), 'activo'],
    [ms(fin, 1), 'finalizado'],
  ])('at %s an event is %s', (now, status) => {
    expect(eventStatus({ fechaInicio: inicio, fechaFin: fin }, now)).toBe(status);
    expect(eventStatus({ fechaInicio: new Date(inicio), fechaFin: new Date(fin) }, now)).toBe(status);
  });

  it('labels each status in Spanish', () => {
    expect(eventStatuses.map((status) => eventStatusLabels[status])).toEqual([
      'Próximo',
      'Activo',
      'Finalizado',
    ]);
  });
});

const valid = { nombre: 'Boda de Ana', ubicacion: 'Sevilla', fechaInicio: inicio, fechaFin: fin };
const issuesOf = (body: unknown) =>
  eventoBody.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('eventoBody', () => {
  it('trims, stores dates in UTC, defaults notas and esPrivado, and drops organizadorId', () => {
    const parsed = eventoBody.parse({
      nombre: '  Boda de Ana ',
      ubicacion: ' Sevilla ',
      fechaInicio: '2026-07-04T20:00:00+02:00',
      fechaFin: ' 2026-07-05T04:00:00+02:00 ',
      notas: '   ',
      organizadorId: 99,
    });
    expect(parsed).toEqual({ ...valid, notas: null, esPrivado: false });
  });

  it('keeps notas and esPrivado when given', () => {
    expect(eventoBody.parse({ ...valid, notas: ' Traer hielo ', esPrivado: true })).toMatchObject({
      notas: 'Traer hielo',
      esPrivado: true,
    });
    expect(eventoBody.parse({ ...valid, notas: null, esPrivado: null })).toMatchObject({
      notas: null,
      esPrivado: false,
    });
    expect(eventoBody.parse({ ...valid, esPrivado: false }).esPrivado).toBe(false);
  });

  it('accepts 200-character names and places and 2000-character notes', () => {
    const long = { nombre: 'n'.repeat(200), ubicacion: 'u'.repeat(200), notas: 'x'.repeat(2000) };
    expect(eventoBody.safeParse({ ...valid, ...long }).success).toBe(true);
  });

  it.each([
    ['no nombre', { ...valid, nombre: undefined }, 'nombre', eventMessages.nombre],
    ['a blank nombre', { ...valid, nombre: '   ' }, 'nombre', eventMessages.nombre],
    ['a long nombre', { ...valid, nombre: 'n'.repeat(201) }, 'nombre', eventMessages.nombreMax],
    ['no ubicacion', { ...valid, ubicacion: 7 }, 'ubicacion', eventMessages.ubicacion],
    ['a blank ubicacion', { ...valid, ubicacion: ' ' }, 'ubicacion', eventMessages.ubicacion],
    ['a long ubicacion', { ...valid, ubicacion: 'u'.repeat(201) }, 'ubicacion', eventMessages.ubicacionMax],
    ['a bad fechaInicio', { ...valid, fechaInicio: 'hoy' }, 'fechaInicio', eventMessages.fechaInicio],
    ['a bad fechaFin', { ...valid, fechaFin: '2026-07-05' }, 'fechaFin', eventMessages.fechaFin],
    ['an end equal to the start', { ...valid, fechaFin: inicio }, 'fechaFin', eventMessages.order],
    [
      'an end before the start',
      { ...valid, fechaInicio: fin, fechaFin: inicio },
      'fechaFin',
      eventMessages.order,
    ],
    ['long notas', { ...valid, notas: 'x'.repeat(2001) }, 'notas', eventMessages.notasMax],
    ['a text esPrivado', { ...valid, esPrivado: 'sí' }, 'esPrivado', 'esPrivado debe ser verdadero o falso'],
  ])('refuses %s with its Spanish message', (_, body, field, message) => {
    expect(issuesOf(body)).toEqual([[field, message]]);
  });

  it('words its messages as the forms show them', () => {
    expect(eventMessages).toEqual({
      nombre: 'El nombre del evento es obligatorio',
      nombreMax: 'El nombre no puede exceder 200 caracteres',
      ubicacion: 'La ubicación es obligatoria',
      ubicacionMax: 'La ubicación no puede exceder 200 caracteres',
      fechaInicio: 'La fecha de inicio no es válida',
      fechaFin: 'La fecha de fin no es válida',
      order: 'La fecha de fin debe ser posterior a la fecha de inicio',
      notasMax: 'Las notas no pueden exceder 2000 caracteres',
    });
  });
});

describe('apiKeyBody (docs/rules/events.md)', () => {
  it.each([
    ['abc123-escaner-barra1', 'abc123-escaner-barra1'],
    ['  A-b_9z-A-b_9z-A-b_9z  ', 'A-b_9z-A-b_9z-A-b_9z'],
    ['k'.repeat(20), 'k'.repeat(20)],
    ['k'.repeat(128), 'k'.repeat(128)],
    ['Zz09-_Zz09-_Zz09-_Zz', 'Zz09-_Zz09-_Zz09-_Zz'],
  ])('accepts %j', (apiKey, parsed) => {
    expect(apiKeyBody.parse({ apiKey })).toEqual({ apiKey: parsed });
  });

  it.each([
    [undefined, apiKeyMessages.required],
    ['', apiKeyMessages.required],
    ['    ', apiKeyMessages.required],
    ['abc12', apiKeyMessages.min],
    ['k'.repeat(19), apiKeyMessages.min],
    ['  ' + 'k'.repeat(19) + '  ', apiKeyMessages.min],
    ['k'.repeat(129), apiKeyMessages.max],
    ['abc def ghi jkl mnop q', apiKeyMessages.pattern],
    ['$abcdefghijklmnopqrst', apiKeyMessages.pattern],
    ['abcdefghijklmnopqrst$', apiKeyMessages.pattern],
    ['clave.evento.del.escaner', apiKeyMessages.pattern],
    ['llave-ñandú-del-escaner', apiKeyMessages.pattern],
  ])('refuses %j, first of all with %j', (apiKey, message) => {
    expect(apiKeyBody.safeParse({ apiKey }).error?.issues[0]?.message).toBe(message);
  });

  it('words its messages in Spanish', () => {
    expect(apiKeyMessages).toEqual({
      required: 'La API Key es obligatoria',
      min: 'La API Key debe tener al menos 20 caracteres',
      max: 'La API Key no puede exceder 128 caracteres',
      pattern: 'La API Key solo puede contener letras, números, guiones (-) y guiones bajos (_)',
      taken: 'Esta API Key ya está en uso por otro evento',
      tooManyChanges: 'Demasiados cambios de API Key. Vuelve a intentarlo dentro de una hora.',
    });
  });
});

describe('evento and eventoDetail (responses)', () => {
  const sent = {
    id: 1,
    nombre: 'Boda de Ana',
    ubicacion: 'Sevilla',
    fechaInicio: inicio,
    fechaFin: fin,
    organizadorId: 2,
    notas: null,
    esPrivado: false,
    apiKey: 'abc123',
    barras: ['Barra 1'],
    corteDiario: '06:00',
    soloDispositivosAutorizados: false,
    estado: 'activo',
    createdAt: inicio,
  };

  it('sends every field the screens read, and nothing else', () => {
    expect(evento.parse({ ...sent, passwordHash: 'x' })).toEqual(sent);
    const contadores = { tiposTicket: 3, pedidosActivos: 2, ticketsEscaneados: 1 };
    expect(eventoDetail.parse({ ...sent, contadores: { ...contadores, otro: 1 } })).toEqual({
      ...sent,
      contadores,
    });
  });

  it('refuses a status that does not exist', () => {
    expect(evento.safeParse({ ...sent, estado: 'cancelado' }).success).toBe(false);
  });
});
