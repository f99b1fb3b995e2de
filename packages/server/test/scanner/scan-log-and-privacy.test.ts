import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { uniqueAddress, uniqueContact } from '../support/unique-values';
import { consumoRows, scanLogRows } from '../support/scan-rows';
import { expectScan, newScanId, scannerClient, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { MINUTE } from '../support/time';

// docs/rules/scanner.md: every scan attempt, allowed or refused, is kept in an audit log that outlives the
// order; the scanner never shows the guest's email or phone.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

describe('the scan log', () => {
  it('records every attempt, allowed or refused, with its ticket, drink, bar, device, result and reason', async () => {
    const { scanner, ticket, evento, owner } = await scannerSetup(t, {
      tipo: { drinkType: 'cerveza', maxDrinks: 1 },
    });
    const other = await scannerSetup(t, { owner });
    const allowedScan = {
      qrCode: ticket.qrCode,
      scanId: newScanId(),
      barra: 'Barra Norte',
      deviceId: 'movil-1',
    };

    const allowed = expectScan(await scanner.consume(allowedScan), { success: true });
    const wrongDrink = expectScan(
      await scanner.consume({
        qrCode: ticket.qrCode,
        tipoBebida: 'copa',
        barra: 'Barra Sur',
        deviceId: 'movil-2',
      }),
      { success: false, reason: 'tipo_bebida' },
    );
    const exhausted = expectScan(await scanner.consume({ qrCode: ticket.qrCode, barra: 'Barra Sur' }), {
      success: false,
      reason: 'agotado',
    });
    expect(
      (await scanner.consume({ qrCode: 'codigo-desconocido', barra: 'Terraza', deviceId: 'movil-3' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await scanner.consume({ qrCode: other.ticket.qrCode, barra: 'Terraza', deviceId: 'movil-3' }))
        .statusCode,
    ).toBe(403);

    const log = await scanLogRows(t.db, evento.id);
    const [consumo] = await consumoRows(t.db, ticket.id);
    expect(log).toEqual([
      expect.objectContaining({
        eventoId: evento.id,
        ticketId: ticket.id,
        consumoId: consumo!.id,
        accion: 'consumo',
        qrCode: ticket.qrCode,
        scanId: allowedScan.scanId,
        tipoBebida: 'cerveza',
        barra: 'Barra Norte',
        deviceId: 'movil-1',
        allowed: true,
        reason: 'ok',
        response: allowed,
        undoneAt: null,
        createdAt: expect.any(Date),
      }),
      expect.objectContaining({
        ticketId: ticket.id,
        consumoId: null,
        tipoBebida: 'copa',
        barra: 'Barra Sur',
        deviceId: 'movil-2',
        allowed: false,
        reason: 'tipo_bebida',
        response: wrongDrink,
      }),
      expect.objectContaining({
        ticketId: ticket.id,
        consumoId: null,
        barra: 'Barra Sur',
        deviceId: null,
        allowed: false,
        reason: 'agotado',
        response: exhausted,
      }),
      expect.objectContaining({
        eventoId: evento.id,
        ticketId: null,
        consumoId: null,
        qrCode: 'codigo-desconocido',
        barra: 'Terraza',
        deviceId: 'movil-3',
        allowed: false,
        reason: 'no_encontrado',
        // The reason says the answer; the row keeps no copy of it (docs/decisions/051).
        response: {},
      }),
      expect.objectContaining({
        eventoId: evento.id,
        consumoId: null,
        qrCode: other.ticket.qrCode,
        barra: 'Terraza',
        deviceId: 'movil-3',
        allowed: false,
        reason: 'otro_evento',
        response: {},
      }),
    ]);
    // The other event's log is untouched by the foreign scan.
    expect(await scanLogRows(t.db, other.evento.id)).toEqual([]);
  });

  it('records refusals of every reason', async () => {
    const { scanner, ticket, evento, owner, tipo } = await scannerSetup(t, {
      tipo: {
        modo: 'intervalos_controlados',
        maxDrinks: 2,
        durationMinutes: 120,
        drinkIntervalMinutes: 10,
        drinkType: 'cerveza',
      },
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'ok' });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'intervalo' });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, tipoBebida: 'copa' }), {
      reason: 'tipo_bebida',
    });
    t.clock.advance(10 * MINUTE);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'ok' });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'agotado' });
    t.clock.set(Date.parse(tipo.validoHasta) + 1);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'caducado' });
    t.clock.set(Date.parse(tipo.validoDesde) - 1);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'no_valido_aun' });
    await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/invalidate`);
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { reason: 'invalidado' });

    const log = await scanLogRows(t.db, evento.id);
    expect(log.map((row) => [row.reason, row.allowed])).toEqual([
      ['ok', true],
      ['intervalo', false],
      ['tipo_bebida', false],
      ['ok', true],
      ['agotado', false],
      ['caducado', false],
      ['no_valido_aun', false],
      ['invalidado', false],
    ]);
  });

  it('keeps the log rows of a deleted order, with the ticket reference set to null', async () => {
    const { scanner, ticket, evento, owner, pedido } = await scannerSetup(t, { tipo: { maxDrinks: 1 } });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, barra: 'Barra Norte' }), { success: true });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode, barra: 'Barra Norte' }), { success: false });
    const before = await scanLogRows(t.db, evento.id);

    const deleted = await call(t, owner, 'DELETE', `/api/pedidos/${pedido.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const after = await scanLogRows(t.db, evento.id);
    expect(after).toEqual(before.map((row) => ({ ...row, ticketId: null, consumoId: null })));
    expect(await consumoRows(t.db, ticket.id)).toEqual([]);
    // The deleted ticket's code is now simply unknown.
    expect((await scanner.consume({ qrCode: ticket.qrCode })).statusCode).toBe(404);
  });
});

describe('personal data in scanner answers', () => {
  it('never includes the guest’s email or phone in any scanner response', async () => {
    const contact = uniqueContact();
    const { scanner, ticket, tickets, owner } = await scannerSetup(t, {
      quantity: 2,
      tipo: { maxDrinks: 1, drinkType: 'cerveza' },
      order: { ...contact, nombreCompleto: 'Marta Contacto Privado' },
    });
    const other = await scannerSetup(t, { owner, order: contact });
    const scanId = newScanId();
    const responses: LightMyRequestResponse[] = [
      await scanner.event(),
      await scanner.ticket(ticket.qrCode),
      await scanner.consume({ qrCode: ticket.qrCode, scanId, deviceId: 'movil-1' }),
      await scanner.consume({ qrCode: ticket.qrCode, scanId, deviceId: 'movil-1' }),
      await scanner.consume({ qrCode: ticket.qrCode }),
      await scanner.consume({ qrCode: tickets[1]!.qrCode, tipoBebida: 'copa' }),
      await scanner.ticket(ticket.qrCode),
      await scanner.ticket(other.ticket.qrCode),
      await scanner.consume({ qrCode: other.ticket.qrCode }),
      await scanner.consume({ qrCode: tickets[1]!.qrCode, scanId }),
      await scanner.undo({ scanId, deviceId: 'movil-2' }),
      await scanner.undo({ scanId, deviceId: 'movil-1' }),
      await scannerClient(t, 'clave-falsa', uniqueAddress()).ticket(ticket.qrCode),
    ];
    await call(t, owner, 'PATCH', `/api/tickets/${tickets[1]!.id}/invalidate`);
    responses.push(
      await scanner.ticket(tickets[1]!.qrCode),
      await scanner.consume({ qrCode: tickets[1]!.qrCode }),
    );

    expect(responses.map((res) => res.statusCode)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 403, 403, 409, 409, 200, 404, 200, 200,
    ]);
    const digits = contact.telefono.replace(/\D/g, '');
    for (const res of responses) {
      expect(res.body).not.toContain(contact.email);
      expect(res.body.toLowerCase()).not.toContain(contact.email.split('@')[0]!.toLowerCase());
      expect(res.body).not.toContain(contact.telefono);
      expect(res.body.replace(/\D/g, '')).not.toContain(digits.slice(-9));
      expect(res.body).not.toMatch(/"(email|telefono|phone)"/);
    }
    // The holder's name is what the bartender sees.
    expect(responses[1]!.json()).toMatchObject({ ticket: { titular: 'Marta Contacto Privado' } });
  });
});
