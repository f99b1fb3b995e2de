import { describe, expect, it } from 'vitest';
import {
  dateErrors,
  eventValuesFrom,
  newEventValues,
  validateEventForm,
  type EventFormValues,
} from '@/features/events/utils/event-form-values';
import { anEvent } from '../support/entities';
import { inMadridTimeZone } from '../support/madrid-time-zone';

inMadridTimeZone();

const values = (patch: Partial<EventFormValues> = {}): EventFormValues => ({
  nombre: 'Nochebuena',
  ubicacion: 'Sala Luna, Madrid',
  fechaInicio: '24/12/2030 20:00',
  fechaFin: '25/12/2030 02:00',
  esPrivado: false,
  notas: '',
  barras: [],
  corteDiario: '06:00',
  soloDispositivosAutorizados: false,
  ...patch,
});

describe('event form values', () => {
  it('proposes the next full hour and six hours later, in the Spanish format', () => {
    const proposed = newEventValues(new Date('2030-12-24T18:20:00.000Z'));
    expect([proposed.fechaInicio, proposed.fechaFin]).toEqual(['24/12/2030 20:00', '25/12/2030 02:00']);
  });

  it('shows an event’s dates as dd/MM/yyyy HH:mm in local time', () => {
    const evento = anEvent({ fechaInicio: '2030-12-24T19:00:00.000Z', fechaFin: '2030-12-25T01:00:00.000Z' });
    expect(eventValuesFrom(evento)).toMatchObject({
      fechaInicio: '24/12/2030 20:00',
      fechaFin: '25/12/2030 02:00',
    });
  });

  it('sends the typed dates as ISO UTC strings', () => {
    const result = validateEventForm(
      values({ fechaInicio: '24/12/2030 20:00', fechaFin: '25/12/2030 2:00' }),
    );
    expect(result).toEqual({
      ok: true,
      body: {
        nombre: 'Nochebuena',
        ubicacion: 'Sala Luna, Madrid',
        fechaInicio: '2030-12-24T19:00:00.000Z',
        fechaFin: '2030-12-25T01:00:00.000Z',
        esPrivado: false,
        notas: '',
        barras: [],
        corteDiario: '06:00',
        soloDispositivosAutorizados: false,
      },
    });
  });

  it('reports each date’s own problem', () => {
    expect(dateErrors(values({ fechaInicio: '', fechaFin: '31/02/2030 20:00' }))).toEqual({
      fechaInicio: 'Ambas fechas son requeridas',
      fechaFin: 'Formato de fecha inválido',
    });
    expect(dateErrors(values({ fechaInicio: '24/12/2030 24:00' }))).toEqual({
      fechaInicio: 'Formato de fecha inválido',
    });
    expect(dateErrors(values({ fechaFin: '24/12/2030 20:00' }))).toEqual({
      fechaFin: 'La fecha de fin debe ser posterior a la fecha de inicio',
    });
  });

  it('refuses a start in the hour skipped by the change to summer time', () => {
    const result = validateEventForm(
      values({ fechaInicio: '29/03/2026 02:30', fechaFin: '29/03/2026 06:00' }),
    );
    expect(result).toMatchObject({ ok: false, errors: { fechaInicio: 'Formato de fecha inválido' } });
  });
});
