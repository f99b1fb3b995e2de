import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanLog } from '../../src/db/schema';
import { call, expectApiError, MISSING_ID } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { addConsumo, orderWithTickets } from './ticket-data';
import { createTicketType } from '../support/ticket-types';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(() => t.close());

describe('GET /api/tickets/{id}/consumos', () => {
  it("lists the ticket's consumptions, newest first, with the bar that served each", async () => {
    const { owner, evento, pedido } = await orderWithTickets(t, 2);
    const [ticket, other] = pedido.tickets;
    const middle = await addConsumo(
      t,
      evento.id,
      ticket!.id,
      '2026-05-01T21:00:00.000Z',
      'cerveza',
      'Barra Norte',
    );
    const oldest = await addConsumo(t, evento.id, ticket!.id, '2026-05-01T20:00:00.000Z');
    const newest = await addConsumo(t, evento.id, ticket!.id, '2026-05-01T23:45:10.123Z', 'copa', 'Terraza');
    await addConsumo(t, evento.id, other!.id, '2026-05-01T22:00:00.000Z');

    const res = await call(t, owner, 'GET', `/api/tickets/${ticket!.id}/consumos`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: newest.id, tipoBebida: 'copa', timestamp: '2026-05-01T23:45:10.123Z', barra: 'Terraza' },
      { id: middle.id, tipoBebida: 'cerveza', timestamp: '2026-05-01T21:00:00.000Z', barra: 'Barra Norte' },
      { id: oldest.id, tipoBebida: 'copa', timestamp: '2026-05-01T20:00:00.000Z', barra: null },
    ]);
  });

  it('answers [] for a ticket never scanned and 404 for a missing one', async () => {
    const { owner, pedido } = await orderWithTickets(t, 1);

    expect((await call(t, owner, 'GET', `/api/tickets/${pedido.tickets[0]!.id}/consumos`)).json()).toEqual(
      [],
    );
    expectApiError(await call(t, owner, 'GET', `/api/tickets/${MISSING_ID}/consumos`), 404, 'not_found');
  });

  it('keeps showing consumptions after the order changes ticket type', async () => {
    const { owner, evento, pedido } = await orderWithTickets(t, 1);
    const vip = await createTicketType(t, owner, evento, { nombre: 'VIP' });
    await addConsumo(t, evento.id, pedido.tickets[0]!.id, '2026-05-01T20:00:00.000Z');
    await call(t, owner, 'PUT', `/api/pedidos/${pedido.id}/ticket-type`, { ticketTypeId: vip.id });

    expect(
      (await call(t, owner, 'GET', `/api/tickets/${pedido.tickets[0]!.id}/consumos`)).json(),
    ).toHaveLength(1);
  });
});

describe('GET /api/tickets/{id}/rechazos', () => {
  it("lists the ticket's refused scans, newest first, with reason and bar, not its drinks or undos", async () => {
    const { owner, evento, pedido } = await orderWithTickets(t, 2);
    const [ticket, other] = pedido.tickets;
    const row = (ticketId: number, allowed: boolean, reason: string, at: string, extra = {}) => ({
      eventoId: evento.id,
      ticketId,
      qrCode: 'x',
      allowed,
      reason,
      response: {},
      barra: 'Terraza',
      createdAt: new Date(at),
      ...extra,
    });
    const inserted = await t.db
      .insert(scanLog)
      .values([
        row(ticket!.id, false, 'agotado', '2026-05-01T22:00:00.000Z'),
        row(ticket!.id, true, 'ok', '2026-05-01T21:00:00.000Z'),
        row(ticket!.id, false, 'intervalo', '2026-05-01T23:00:00.000Z', { barra: null }),
        row(ticket!.id, false, 'ok', '2026-05-01T23:30:00.000Z', { accion: 'deshacer' }),
        row(other!.id, false, 'agotado', '2026-05-01T22:00:00.000Z'),
      ])
      .returning({ id: scanLog.id });

    const res = await call(t, owner, 'GET', `/api/tickets/${ticket!.id}/rechazos`);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: inserted[2]!.id, timestamp: '2026-05-01T23:00:00.000Z', reason: 'intervalo', barra: null },
      { id: inserted[0]!.id, timestamp: '2026-05-01T22:00:00.000Z', reason: 'agotado', barra: 'Terraza' },
    ]);
    expectApiError(await call(t, owner, 'GET', `/api/tickets/${MISSING_ID}/rechazos`), 404, 'not_found');
  });
});
