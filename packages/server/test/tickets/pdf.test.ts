import type { Ticket } from '@drinkflow/domain/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectApiError, MISSING_ID } from '../support/api';
import { createTestApp, type TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { plusMinutes } from '../support/time';
import { createOrder, ownedEvent } from '../support/orders';
import { expectPdf, qrCodesOfPdf, textOfPdfPages } from '../support/pdf';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const byId = (tickets: Ticket[]) => [...tickets].sort((a, b) => a.id - b.id);

describe('GET /api/tickets/{id}/pdf', () => {
  it('prints one page whose QR decodes to exactly the ticket’s code, for every kind of ticket', async () => {
    const { owner, evento, tipo } = await ownedEvent(t);
    const barraLibre = await createTicketType(t, owner, evento, {
      nombre: 'Barra libre',
      modo: 'temporal',
      maxDrinks: null,
      durationMinutes: 120,
      validoHasta: plusMinutes(evento.fechaInicio, 120),
    });
    const intervalos = await createTicketType(t, owner, evento, {
      nombre: 'Controlada',
      modo: 'intervalos_controlados',
      maxDrinks: null,
      durationMinutes: 180,
      drinkIntervalMinutes: 30,
      drinkType: 'cerveza',
      validoHasta: plusMinutes(evento.fechaInicio, 180),
    });
    const pedidos = [
      await createOrder(t, owner, { evento, tipo }, { nombreCompleto: 'Íñigo Muñoz' }),
      await createOrder(t, owner, { evento, tipo: barraLibre }, { nombreCompleto: 'Ana Pérez' }),
      await createOrder(t, owner, { evento, tipo: intervalos }, { nombreCompleto: 'Joan Puig' }),
    ];
    const invalidated = pedidos[2]!.tickets[0]!;
    await call(t, owner, 'PATCH', `/api/tickets/${invalidated.id}/invalidate`);

    for (const pedido of pedidos) {
      const ticket = pedido.tickets[0]!;
      const pdf = expectPdf(
        await call(t, owner, 'GET', `/api/tickets/${ticket.id}/pdf`),
        `ticket-${ticket.id}.pdf`,
      );

      expect(await qrCodesOfPdf(pdf)).toEqual([ticket.qrCode]);
      const [page] = await textOfPdfPages(pdf);
      for (const text of [
        evento.nombre,
        evento.ubicacion,
        pedido.nombreCompleto,
        pedido.tipoTicket!.nombre,
        `Ticket #${ticket.id}`,
      ]) {
        expect(page).toContain(text);
      }
    }
    const texts = await Promise.all(
      pedidos.map(
        async (pedido) =>
          (
            await textOfPdfPages(
              (await call(t, owner, 'GET', `/api/tickets/${pedido.tickets[0]!.id}/pdf`)).rawPayload,
            )
          )[0],
      ),
    );
    expect(texts[0]).toContain('4 bebidas');
    expect(texts[1]).toContain('120 minutos');
    expect(texts[2]).toContain('1 bebida cada 30 min');
    expect(texts[2]).toContain('invalidado');
  });

  it('prints the new code after the QR is regenerated', async () => {
    const owned = await ownedEvent(t);
    const ticket = (await createOrder(t, owned.owner, owned)).tickets[0]!;
    const renewed = (
      await call(t, owned.owner, 'PATCH', `/api/tickets/${ticket.id}/regenerate-qr`)
    ).json<Ticket>();

    const pdf = expectPdf(
      await call(t, owned.owner, 'GET', `/api/tickets/${ticket.id}/pdf`),
      `ticket-${ticket.id}.pdf`,
    );

    expect(await qrCodesOfPdf(pdf)).toEqual([renewed.qrCode]);
  });

  it('answers 404 JSON for a ticket that does not exist', async () => {
    const { owner } = await ownedEvent(t);

    const body = expectApiError(
      await call(t, owner, 'GET', `/api/tickets/${MISSING_ID}/pdf`),
      404,
      'not_found',
    );

    expect(body.message).toBe('Ticket no encontrado');
  });
});

describe('GET /api/pedidos/{id}/pdf', () => {
  it('prints every ticket of the order, one per page in id order, each QR decoding to its code', async () => {
    const owned = await ownedEvent(t);
    const pedido = await createOrder(t, owned.owner, owned, { quantity: 3 });
    await createOrder(t, owned.owner, owned, { quantity: 1 });

    const res = await call(t, owned.owner, 'GET', `/api/pedidos/${pedido.id}/pdf`);

    const pdf = expectPdf(res, `pedido-${pedido.id}.pdf`);
    expect(await qrCodesOfPdf(pdf)).toEqual(byId(pedido.tickets).map((ticket) => ticket.qrCode));
    const pages = await textOfPdfPages(pdf);
    expect(pages.map((page) => /Ticket #(\d+)/.exec(page)?.[1])).toEqual(
      byId(pedido.tickets).map((ticket) => String(ticket.id)),
    );
  });

  it('answers 404 JSON for an order without tickets', async () => {
    const owned = await ownedEvent(t);
    const pedido = await createOrder(t, owned.owner, owned, { ticketTypeId: null, quantity: undefined });

    const res = await call(t, owned.owner, 'GET', `/api/pedidos/${pedido.id}/pdf`);

    expect(expectApiError(res, 404, 'not_found').message).toBe('No hay tickets para este pedido');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('answers 404 JSON for an order that does not exist', async () => {
    const { owner } = await ownedEvent(t);

    expect(expectApiError(await call(t, owner, 'GET', `/api/pedidos/${MISSING_ID}/pdf`), 404).message).toBe(
      'Pedido no encontrado',
    );
  });
});

describe('GET /api/eventos/{id}/tickets.pdf', () => {
  it("prints all the event's tickets (and no other event's), one per page in id order", async () => {
    const owned = await ownedEvent(t);
    const vip = await createTicketType(t, owned.owner, owned.evento, { nombre: 'VIP' });
    const first = await createOrder(t, owned.owner, owned, { quantity: 2 });
    const other = await ownedEvent(t, owned.owner);
    await createOrder(t, owned.owner, other, { quantity: 2 });
    const second = await createOrder(t, owned.owner, { evento: owned.evento, tipo: vip }, { quantity: 3 });

    const res = await call(t, owned.owner, 'GET', `/api/eventos/${owned.evento.id}/tickets.pdf`);

    const pdf = expectPdf(res, `tickets-evento-${owned.evento.id}.pdf`);
    const expected = byId([...first.tickets, ...second.tickets]).map((ticket) => ticket.qrCode);
    expect(await qrCodesOfPdf(pdf)).toEqual(expected);
  });

  it('answers 404 JSON for an event without tickets, and for one that does not exist', async () => {
    const { owner, evento } = await ownedEvent(t);

    const empty = expectApiError(await call(t, owner, 'GET', `/api/eventos/${evento.id}/tickets.pdf`), 404);
    expect(empty.message).toBe('Este evento aún no tiene tickets');
    expectApiError(await call(t, owner, 'GET', `/api/eventos/${MISSING_ID}/tickets.pdf`), 404, 'not_found');
  });
});
