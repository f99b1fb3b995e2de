import { scannerMessages } from '@drinkflow/domain/scanner';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, expectApiError } from '../support/api';
import { uniqueAddress } from '../support/unique-values';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';

// docs/rules/scanner.md: GET /api/scanner/{apiKey}/event and GET /api/scanner/{apiKey}/ticket/{qrCode},
// public and found by the event's API key.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('GET /api/scanner/{apiKey}/event', () => {
  it('answers the event’s name, place, period, bars and whether a bar is needed only, without a session', async () => {
    const { scanner, evento } = await scannerSetup(t);

    const res = await scanner.event();

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      nombre: evento.nombre,
      ubicacion: evento.ubicacion,
      fechaInicio: evento.fechaInicio,
      fechaFin: evento.fechaFin,
      barras: [],
      barraObligatoria: false,
    });
    expect(res.json<{ fechaInicio: string }>().fechaInicio).toMatch(ISO);
  });

  it('answers 404 with the Spanish message for an unknown API key', async () => {
    const res = await scannerClient(t, 'clave-que-no-existe', uniqueAddress()).event();

    expectApiError(res, 404, 'not_found');
    expect(res.json()).toEqual({ error: 'not_found', message: scannerMessages.invalidKey });
  });

  it('stops answering to the old key at once after the organizer regenerates or sets it', async () => {
    const { owner, evento } = await scannerSetup(t);
    const address = uniqueAddress();

    const regenerated = await call(t, owner, 'PATCH', `/api/eventos/${evento.id}/regenerate-api-key`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const { apiKey } = regenerated.json<{ apiKey: string }>();

    expectApiError(await scannerClient(t, evento.apiKey, address).event(), 404, 'not_found');
    expect((await scannerClient(t, apiKey, address).event()).statusCode).toBe(200);

    const custom = `barra-${evento.id}-propia-del-escaner`;
    const set = await call(t, owner, 'PUT', `/api/eventos/${evento.id}/api-key`, { apiKey: custom });
    expect(set.statusCode, set.body).toBe(200);
    expectApiError(await scannerClient(t, apiKey, address).event(), 404, 'not_found');
    expect((await scannerClient(t, custom, address).event()).json()).toMatchObject({ nombre: evento.nombre });
  });
});

describe('GET /api/scanner/{apiKey}/ticket/{qrCode}', () => {
  it('answers the ticket, event, ticket type, consumptions and a verification, without ids or contact data', async () => {
    const { scanner, ticket, evento, tipo } = await scannerSetup(t);

    const res = await scanner.ticket(ticket.qrCode);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ticket: { id: ticket.id, estado: 'activo', titular: 'Lucía Fernández', createdAt: ticket.createdAt },
      evento: {
        nombre: evento.nombre,
        ubicacion: evento.ubicacion,
        fechaInicio: evento.fechaInicio,
        fechaFin: evento.fechaFin,
      },
      tipoTicket: {
        nombre: tipo.nombre,
        modo: 'por_cantidad',
        maxDrinks: 4,
        drinkIntervalMinutes: null,
        durationMinutes: null,
        drinkType: 'todo',
        validoDesde: tipo.validoDesde,
        validoHasta: tipo.validoHasta,
      },
      consumos: [],
      verificacion: {
        success: expect.any(Boolean),
        canConsume: true,
        message: 'Consumo permitido',
        reason: 'ok',
        remainingDrinks: 3,
        tipoBebida: 'copa',
      },
    });
  });

  it('lists the consumptions oldest first with their drink, time and bar', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { maxDrinks: 5 } });
    const times: string[] = [];
    for (const [tipoBebida, barra] of [
      ['copa', 'Barra Norte'],
      ['cerveza', 'Barra Sur'],
      ['chupito', undefined],
    ] as const) {
      times.push(t.clock.iso());
      expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida, barra }), { success: true });
      t.clock.advance(MINUTE);
    }

    const res = await scanner.ticket(ticket.qrCode);

    expect(res.statusCode, res.body).toBe(200);
    const rows = await consumoRows(t.db, ticket.id);
    expect(res.json<{ consumos: unknown[] }>().consumos).toEqual([
      { id: rows[0]!.id, tipoBebida: 'copa', timestamp: times[0], barra: 'Barra Norte' },
      { id: rows[1]!.id, tipoBebida: 'cerveza', timestamp: times[1], barra: 'Barra Sur' },
      { id: rows[2]!.id, tipoBebida: 'chupito', timestamp: times[2], barra: null },
    ]);
    expect(res.json()).toMatchObject({ verificacion: { reason: 'ok', remainingDrinks: 1 } });
  });

  it('records nothing: no consumption and no scan-log row', async () => {
    const { scanner, ticket, evento } = await scannerSetup(t);

    for (let i = 0; i < 3; i++) expect((await scanner.ticket(ticket.qrCode)).statusCode).toBe(200);

    expect(await consumoRows(t.db, ticket.id)).toEqual([]);
    expect(await scanLogRows(t.db, evento.id)).toEqual([]);
  });

  it('verifies with the ticket type’s default drink', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { drinkType: 'cerveza' } });

    expect((await scanner.ticket(ticket.qrCode)).json()).toMatchObject({
      verificacion: { reason: 'ok', tipoBebida: 'cerveza' },
    });
  });

  it('shows agotado as the state and the verification of an exhausted ticket', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });

    const body = (await scanner.ticket(ticket.qrCode)).json();

    expect(body).toMatchObject({
      ticket: { estado: 'agotado' },
      verificacion: {
        success: false,
        canConsume: false,
        reason: 'agotado',
        message: 'Límite de bebidas alcanzado',
        remainingDrinks: 0,
      },
    });
  });

  it('shows caducado after validoHasta, also for an exhausted ticket', async () => {
    const { scanner, ticket, tipo } = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    t.clock.set(Date.parse(tipo.validoHasta) + MINUTE);
    expect((await scanner.ticket(ticket.qrCode)).json()).toMatchObject({
      ticket: { estado: 'caducado' },
      verificacion: { success: false, canConsume: false, reason: 'caducado' },
    });

    t.clock.reset();
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    t.clock.set(Date.parse(tipo.validoHasta) + MINUTE);
    expect((await scanner.ticket(ticket.qrCode)).json()).toMatchObject({ ticket: { estado: 'caducado' } });
  });

  it('shows invalidado above every other state', async () => {
    const { scanner, ticket, tipo, owner } = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/invalidate`);

    expect((await scanner.ticket(ticket.qrCode)).json()).toMatchObject({
      ticket: { estado: 'invalidado' },
      verificacion: { success: false, canConsume: false, reason: 'invalidado', message: 'Ticket invalidado' },
    });
    t.clock.set(Date.parse(tipo.validoHasta) + MINUTE);
    expect((await scanner.ticket(ticket.qrCode)).json()).toMatchObject({ ticket: { estado: 'invalidado' } });
  });

  it('keeps a temporal ticket activo whatever it drank', async () => {
    const { scanner, ticket } = await scannerSetup(t, {
      tipo: { modo: 'temporal', maxDrinks: null, durationMinutes: 60 },
    });
    for (let i = 0; i < 5; i++)
      expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });

    const body = (await scanner.ticket(ticket.qrCode)).json();

    expect(body).toMatchObject({
      ticket: { estado: 'activo' },
      tipoTicket: { modo: 'temporal', maxDrinks: null, durationMinutes: 60 },
      verificacion: { reason: 'ok', canConsume: true },
    });
    expect(body.verificacion).not.toHaveProperty('remainingDrinks');
    expect(body.consumos).toHaveLength(5);
  });

  it('answers 404 Ticket no encontrado for an unknown QR code', async () => {
    const { scanner } = await scannerSetup(t);

    const res = await scanner.ticket('codigo-que-no-existe');

    expectApiError(res, 404, 'not_found');
    expect(res.json()).toEqual({ error: 'not_found', message: scannerMessages.ticketNotFound });
  });

  it('answers 403 for a ticket of another event, also of the same organizer', async () => {
    const first = await scannerSetup(t);
    const second = await scannerSetup(t, { owner: first.owner });
    const stranger = await scannerSetup(t);

    for (const other of [second, stranger]) {
      const res = await first.scanner.ticket(other.ticket.qrCode);
      expectApiError(res, 403, 'forbidden');
      expect(res.json()).toEqual({ error: 'forbidden', message: scannerMessages.otherEvent });
    }
  });

  it('answers 404 for an unknown API key even with a real QR code', async () => {
    const { ticket } = await scannerSetup(t);

    const res = await scannerClient(t, 'clave-falsa-123', uniqueAddress()).ticket(ticket.qrCode);

    expect(res.json()).toEqual({ error: 'not_found', message: scannerMessages.invalidKey });
  });

  it('finds a ticket by its new QR code after Regenerar QR, and no longer by the old one', async () => {
    const { scanner, ticket, owner } = await scannerSetup(t);

    const regenerated = await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/regenerate-qr`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const { qrCode } = regenerated.json<{ qrCode: string }>();
    expect(qrCode).not.toBe(ticket.qrCode);

    expect((await scanner.ticket(ticket.qrCode)).json()).toEqual({
      error: 'not_found',
      message: scannerMessages.ticketNotFound,
    });
    expect((await scanner.ticket(qrCode)).json()).toMatchObject({
      ticket: { id: ticket.id, estado: 'activo' },
    });
  });
});
