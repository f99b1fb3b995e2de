import type { Pedido } from '@drinkflow/domain/orders';
import type { WhatsappSendItem } from '@drinkflow/domain/whatsapp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../support/accounts';
import { call, expectApiError, MISSING_ID } from '../support/api';
import { createOrder } from '../support/orders';
import { scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';

// docs/rules/guests.md: the organizer sends tickets by WhatsApp (a wa.me link the web builds) and marks
// the order as sent; the sending list gives every order's number and guest links.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

const markUrl = (id: number) => `/api/pedidos/${id}/whatsapp-enviado`;
const listUrl = (eventoId: number) => `/api/eventos/${eventoId}/envios-whatsapp`;

describe('order JSON', () => {
  it('carries the phone as wa.me wants it, or null when it cannot be a number', async () => {
    const { owner, evento, tipo } = await scannerSetup(t);
    const cases: [string | null, string | null][] = [
      ['+34 600 123 456', '34600123456'],
      ['600.123.457', '34600123457'],
      ['0034 (912) 345 678', '34912345678'],
      ['+44 7911 123456', '447911123456'],
      ['no tiene', null],
      [null, null],
    ];
    for (const [telefono, expected] of cases) {
      const created = await createOrder(t, owner, { evento, tipo }, { telefono });
      expect(created).toMatchObject({ telefono, telefonoWhatsapp: expected, whatsappEnviadoEn: null });
      const read = await call(t, owner, 'GET', `/api/pedido/${created.id}`);
      expect(read.json<Pedido>()).toMatchObject({ telefonoWhatsapp: expected, whatsappEnviadoEn: null });
    }
  });
});

describe('POST and DELETE /api/pedidos/{id}/whatsapp-enviado', () => {
  it('marks the order as sent now and clears the mark, answering the order', async () => {
    const { owner, pedido, evento } = await scannerSetup(t);
    const sentAt = t.clock.iso();

    const marked = await call(t, owner, 'POST', markUrl(pedido.id));
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<Pedido>()).toMatchObject({
      id: pedido.id,
      whatsappEnviadoEn: sentAt,
      telefonoWhatsapp: '34600123456',
    });
    const page = await call(t, owner, 'GET', `/api/pedidos/${evento.id}`);
    expect(page.json<{ pedidos: Pedido[] }>().pedidos[0]).toMatchObject({ whatsappEnviadoEn: sentAt });

    // Marking again keeps it marked, at the new time.
    t.clock.advance(60_000);
    const again = await call(t, owner, 'POST', markUrl(pedido.id));
    expect(again.json<Pedido>().whatsappEnviadoEn).toBe(t.clock.iso());

    const cleared = await call(t, owner, 'DELETE', markUrl(pedido.id));
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Pedido>()).toMatchObject({ id: pedido.id, whatsappEnviadoEn: null });
    const read = await call(t, owner, 'GET', `/api/pedido/${pedido.id}`);
    expect(read.json<Pedido>().whatsappEnviadoEn).toBeNull();
  });

  it('answers 404 for another organizer’s order and for an admin’s on it, and changes nothing', async () => {
    const { owner, pedido } = await scannerSetup(t);
    const other = await signIn(t.db, 'organizer', 'Otra');
    const admin = await signIn(t.db, 'admin', 'Admin');

    for (const who of [other, admin]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await call(t, who, method, markUrl(pedido.id));
        expectApiError(res, 404, 'not_found');
        expect(res.json<{ message: string }>().message).toBe('Pedido no encontrado');
      }
    }
    const read = await call(t, owner, 'GET', `/api/pedido/${pedido.id}`);
    expect(read.json<Pedido>().whatsappEnviadoEn).toBeNull();
  });

  it('refuses bar staff with 403 and anonymous callers with 401', async () => {
    const { pedido } = await scannerSetup(t);
    const scanner = await signIn(t.db, 'scanner', 'Barra');

    for (const method of ['POST', 'DELETE'] as const) {
      expectApiError(await call(t, scanner, method, markUrl(pedido.id)), 403, 'forbidden');
      expectApiError(await call(t, null, method, markUrl(pedido.id)), 401, 'unauthorized');
    }
  });

  it('answers 404 for a missing order and 400 for an id that is not one', async () => {
    const { owner } = await scannerSetup(t);

    expectApiError(await call(t, owner, 'POST', markUrl(MISSING_ID)), 404, 'not_found');
    expectApiError(
      await call(t, owner, 'POST', '/api/pedidos/abc/whatsapp-enviado'),
      400,
      'validation_error',
    );
  });
});

describe('GET /api/eventos/{id}/envios-whatsapp', () => {
  it('lists the event’s orders by name with their number, mark and guest links', async () => {
    const { owner, evento, tipo, pedido, tickets } = await scannerSetup(t, {
      quantity: 2,
      order: { nombreCompleto: 'Marta Ruiz' },
    });
    const ana = await createOrder(
      t,
      owner,
      { evento, tipo },
      { nombreCompleto: 'ana Gómez', telefono: null },
    );
    const bea = await createOrder(
      t,
      owner,
      { evento, tipo },
      { nombreCompleto: 'Bea Sol', telefono: '+44 7911 123456', ticketTypeId: null },
    );
    await call(t, owner, 'POST', markUrl(pedido.id));
    // Another event of the same organizer stays out of this list.
    await scannerSetup(t, { owner });

    const res = await call(t, owner, 'GET', listUrl(evento.id));

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WhatsappSendItem[]>()).toEqual([
      {
        pedidoId: ana.id,
        nombreCompleto: 'ana Gómez',
        telefonoWhatsapp: null,
        whatsappEnviadoEn: null,
        tickets: ana.tickets.map(({ id, enlaceInvitado }) => ({ id, enlaceInvitado })),
      },
      {
        pedidoId: bea.id,
        nombreCompleto: 'Bea Sol',
        telefonoWhatsapp: '447911123456',
        whatsappEnviadoEn: null,
        tickets: [],
      },
      {
        pedidoId: pedido.id,
        nombreCompleto: 'Marta Ruiz',
        telefonoWhatsapp: '34600123456',
        whatsappEnviadoEn: t.clock.iso(),
        tickets: tickets.map(({ id, enlaceInvitado }) => ({ id, enlaceInvitado })),
      },
    ]);
    expect(res.body).not.toMatch(/email|@|qrCode/);
  });

  it('answers [] for an event without orders', async () => {
    const { owner } = await scannerSetup(t);
    const empty = await call(t, owner, 'POST', '/api/eventos', {
      nombre: 'Vacía',
      ubicacion: 'Madrid',
      fechaInicio: new Date(Date.now() + 3_600_000).toISOString(),
      fechaFin: new Date(Date.now() + 7_200_000).toISOString(),
    });
    const res = await call(t, owner, 'GET', listUrl(empty.json<{ id: number }>().id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 404 for another organizer’s event, 403 for bar staff, 401 without a session', async () => {
    const { evento } = await scannerSetup(t);
    const other = await signIn(t.db, 'organizer', 'Otra');
    const scanner = await signIn(t.db, 'scanner', 'Barra');

    expectApiError(await call(t, other, 'GET', listUrl(evento.id)), 404, 'not_found');
    expectApiError(await call(t, other, 'GET', listUrl(MISSING_ID)), 404, 'not_found');
    expectApiError(await call(t, scanner, 'GET', listUrl(evento.id)), 403, 'forbidden');
    expectApiError(await call(t, null, 'GET', listUrl(evento.id)), 401, 'unauthorized');
  });

  it('lets an admin read any event’s list', async () => {
    const { evento, pedido } = await scannerSetup(t);
    const admin = await signIn(t.db, 'admin', 'Admin');

    const res = await call(t, admin, 'GET', listUrl(evento.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<WhatsappSendItem[]>().map((row) => row.pedidoId)).toEqual([pedido.id]);
  });
});
