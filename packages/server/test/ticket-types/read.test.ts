import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts';
import { call, expectApiError } from '../support/api';
import { createEvent } from '../support/events';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { hoursFromNow } from '../support/time';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/tipos-ticket/{eventoId}', () => {
  it("lists the event's types in creation order, without those of other events", async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);
    const otherEvent = await createEvent(t, organizer);
    const general = await createTicketType(t, organizer, evento, { nombre: 'General' });
    await createTicketType(t, organizer, otherEvent, { nombre: 'De otro evento' });
    const libre = await createTicketType(t, organizer, evento, {
      nombre: 'Barra libre',
      modo: 'temporal',
      maxDrinks: null,
      durationMinutes: 120,
    });

    const res = await call(t, organizer, 'GET', `/api/tipos-ticket/${evento.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([general, libre]);
  });

  it('answers an empty array for an event without types', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer);

    const res = await call(t, organizer, 'GET', `/api/tipos-ticket/${evento.id}`);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 404 to an event that does not exist', async () => {
    const organizer = await signIn(t.db);

    expectApiError(await call(t, organizer, 'GET', '/api/tipos-ticket/2000000000'), 404, 'not_found');
  });

  it('refuses an eventoId that is not a positive integer with 400', async () => {
    const organizer = await signIn(t.db);

    for (const id of ['abc', '0', '-2']) {
      const body = expectApiError(
        await call(t, organizer, 'GET', `/api/tipos-ticket/${id}`),
        400,
        'validation_error',
      );
      expect(body.details).toEqual([expect.objectContaining({ field: 'eventoId' })]);
    }
  });
});

describe('GET /api/tipos-ticket/all/organizer', () => {
  it("lists every type of the organizer's events, each with its event's nombre and ubicacion", async () => {
    const organizer = await signIn(t.db);
    const other = await signIn(t.db);
    const later = await createEvent(t, organizer, {
      nombre: 'Festival de otoño',
      ubicacion: 'Parc del Fòrum',
      fechaInicio: hoursFromNow(100),
      fechaFin: hoursFromNow(110),
    });
    const sooner = await createEvent(t, organizer, {
      nombre: 'Cena de empresa',
      ubicacion: 'Hotel Arts',
      fechaInicio: hoursFromNow(10),
      fechaFin: hoursFromNow(14),
    });
    const foreign = await createEvent(t, other, { nombre: 'Evento ajeno' });
    const a = await createTicketType(t, organizer, later, { nombre: 'Festival general' });
    const b = await createTicketType(t, organizer, sooner, { nombre: 'Cena estándar' });
    const c = await createTicketType(t, organizer, later, { nombre: 'Festival VIP' });
    await createTicketType(t, other, foreign, { nombre: 'Ajeno' });

    const res = await call(t, organizer, 'GET', '/api/tipos-ticket/all/organizer');

    expect(res.statusCode, res.body).toBe(200);
    const withEvent = (tipo: TipoTicket, evento: { nombre: string; ubicacion: string }) => ({
      ...tipo,
      evento: { nombre: evento.nombre, ubicacion: evento.ubicacion },
    });
    expect(res.json()).toEqual([withEvent(b, sooner), withEvent(a, later), withEvent(c, later)]);
  });

  it('answers an empty array to an organizer without types', async () => {
    const organizer = await signIn(t.db);
    await createEvent(t, organizer);

    const res = await call(t, organizer, 'GET', '/api/tipos-ticket/all/organizer');

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('GET /api/tipos-ticket/single/{id}', () => {
  it('returns the type with its event', async () => {
    const organizer = await signIn(t.db);
    const evento = await createEvent(t, organizer, { nombre: 'Boda', ubicacion: 'Masía' });
    const tipo = await createTicketType(t, organizer, evento, {
      modo: 'intervalos_controlados',
      maxDrinks: null,
      durationMinutes: 240,
      drinkIntervalMinutes: 60,
      drinkType: 'cerveza',
    });

    const res = await call(t, organizer, 'GET', `/api/tipos-ticket/single/${tipo.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...tipo, evento: { nombre: 'Boda', ubicacion: 'Masía' } });
    expect(tipo).toMatchObject({ maxDrinks: 4, durationMinutes: 240, drinkIntervalMinutes: 60 });
  });

  it('answers 404 to a type that does not exist', async () => {
    const organizer = await signIn(t.db);

    expectApiError(await call(t, organizer, 'GET', '/api/tipos-ticket/single/2000000000'), 404, 'not_found');
  });

  it('refuses an id that is not a positive integer with 400', async () => {
    const organizer = await signIn(t.db);

    for (const id of ['abc', '0', '1.5']) {
      const body = expectApiError(
        await call(t, organizer, 'GET', `/api/tipos-ticket/single/${id}`),
        400,
        'validation_error',
      );
      expect(body.details).toEqual([expect.objectContaining({ field: 'id' })]);
    }
  });
});
