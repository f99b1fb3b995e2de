import { guestTicketMessages } from '@drinkflow/domain/guest-ticket';
import type { Ticket, TicketDetail } from '@drinkflow/domain/orders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, expectApiError } from '../support/api';
import { uniqueAddress, uniqueContact } from '../support/unique-values';
import { expectGuest, guestGet, tokenOf } from '../support/guest-ticket';
import { expectScan, scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { HOUR, MINUTE } from '../support/time';

// docs/rules/guests.md: a guest's own ticket by the secret of its link, GET /api/t/{token}, public.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('enlaceInvitado', () => {
  it('gives every issued ticket its own guest link: ≥128 random bits, URL-safe, not the QR code', async () => {
    const { owner, pedido, tickets } = await scannerSetup(t, { quantity: 3 });

    const tokens = tickets.map((ticket) => tokenOf(ticket.enlaceInvitado));
    expect(new Set(tokens).size).toBe(3);
    for (const [index, token] of tokens.entries()) {
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(token).not.toBe(tickets[index]!.qrCode);
    }
    const listed = await call(t, owner, 'GET', `/api/tickets/${pedido.id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<TicketDetail[]>().map((ticket) => ticket.enlaceInvitado)).toEqual(
      tickets.map((ticket) => ticket.enlaceInvitado),
    );
  });

  it('is replaced with the QR by Regenerar QR: the old link answers 404, the new one the new code', async () => {
    const { owner, ticket } = await scannerSetup(t);
    const oldToken = tokenOf(ticket.enlaceInvitado);
    expectGuest(await guestGet(t, oldToken, uniqueAddress()), { qrCode: ticket.qrCode });

    const res = await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/regenerate-qr`);
    expect(res.statusCode, res.body).toBe(200);
    const renewed = res.json<Ticket>();

    expect(renewed.enlaceInvitado).not.toBe(ticket.enlaceInvitado);
    const gone = await guestGet(t, oldToken, uniqueAddress());
    expectApiError(gone, 404, 'not_found');
    expect(gone.json()).toEqual({ error: 'not_found', message: 'Ticket no encontrado' });
    expectGuest(await guestGet(t, tokenOf(renewed.enlaceInvitado), uniqueAddress()), {
      qrCode: renewed.qrCode,
      estado: 'activo',
    });
  });
});

describe('GET /api/t/{token}', () => {
  it('answers a por_cantidad ticket with its event, holder, limit in words and drinks left', async () => {
    const { evento, tipo, ticket } = await scannerSetup(t, { tipo: { maxDrinks: 5 } });

    const res = await guestGet(t, tokenOf(ticket.enlaceInvitado), uniqueAddress());

    expect(expectGuest(res)).toEqual({
      evento: {
        nombre: evento.nombre,
        ubicacion: evento.ubicacion,
        fechaInicio: evento.fechaInicio,
        fechaFin: evento.fechaFin,
      },
      titular: 'Lucía Fernández',
      tipoTicket: { nombre: tipo.nombre, modo: 'por_cantidad', descripcionLimite: '5 bebidas' },
      estado: 'activo',
      bebidasConsumidas: 0,
      bebidasRestantes: 5,
      proximaBebida: null,
      qrCode: ticket.qrCode,
    });
  });

  it('counts down after a drink is served through the scanner, down to agotado', async () => {
    const { scanner, ticket } = await scannerSetup(t, { tipo: { maxDrinks: 2 } });
    const token = tokenOf(ticket.enlaceInvitado);

    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    expectGuest(await guestGet(t, token, uniqueAddress()), {
      estado: 'activo',
      bebidasConsumidas: 1,
      bebidasRestantes: 1,
      proximaBebida: null,
    });

    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    expectGuest(await guestGet(t, token, uniqueAddress()), {
      estado: 'agotado',
      bebidasConsumidas: 2,
      bebidasRestantes: 0,
      proximaBebida: null,
      qrCode: ticket.qrCode,
    });
  });

  it('answers an open-bar (temporal) ticket as unlimited, with its hours in words', async () => {
    const { scanner, ticket } = await scannerSetup(t, {
      tipo: {
        nombre: 'Barra libre',
        modo: 'temporal',
        maxDrinks: null,
        durationMinutes: 120,
        validoDesde: new Date(t.clock.now().getTime() - 30 * MINUTE).toISOString(),
        validoHasta: new Date(t.clock.now().getTime() + 90 * MINUTE).toISOString(),
      },
    });
    expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });

    const body = expectGuest(await guestGet(t, tokenOf(ticket.enlaceInvitado), uniqueAddress()), {
      estado: 'activo',
      bebidasConsumidas: 1,
      bebidasRestantes: null,
      proximaBebida: null,
    });
    expect(body.tipoTicket.modo).toBe('temporal');
    expect(body.tipoTicket.descripcionLimite).toMatch(/^Barra libre de \d{2}:\d{2} a \d{2}:\d{2}$/);
  });

  it('gives the next drink’s time while an interval holds it back, as the scanner decides it', async () => {
    const { scanner, ticket } = await scannerSetup(t, {
      tipo: {
        modo: 'intervalos_controlados',
        maxDrinks: 4,
        drinkIntervalMinutes: 30,
        durationMinutes: 120,
        validoDesde: new Date(t.clock.now().getTime() - 30 * MINUTE).toISOString(),
        validoHasta: new Date(t.clock.now().getTime() + 90 * MINUTE).toISOString(),
      },
    });
    const token = tokenOf(ticket.enlaceInvitado);
    const before = expectGuest(await guestGet(t, token, uniqueAddress()), { proximaBebida: null });
    expect(before.tipoTicket.descripcionLimite).toMatch(
      /^1 bebida cada 30 min, hasta 4 bebidas \(de \d{2}:\d{2} a \d{2}:\d{2}\)$/,
    );

    const served = expectScan(await scanner.consume({ qrCode: ticket.qrCode }), { success: true });
    const waiting = expectGuest(await guestGet(t, token, uniqueAddress()), {
      estado: 'activo',
      bebidasConsumidas: 1,
      bebidasRestantes: 3,
    });
    expect(waiting.proximaBebida).toMatch(ISO);
    expect(waiting.proximaBebida).toBe(served.nextAllowedTime);
    expect(Date.parse(waiting.proximaBebida!) - t.clock.now().getTime()).toBe(30 * MINUTE);

    t.clock.advance(30 * MINUTE + 1000);
    expectGuest(await guestGet(t, token, uniqueAddress()), { proximaBebida: null, bebidasRestantes: 3 });
  });

  it('answers caducado once the ticket’s validity has ended', async () => {
    const { ticket } = await scannerSetup(t);
    t.clock.advance(6 * HOUR);

    expectGuest(await guestGet(t, tokenOf(ticket.enlaceInvitado), uniqueAddress()), {
      estado: 'caducado',
      qrCode: ticket.qrCode,
    });
  });

  it('shows an invalidated ticket as such, with no QR to present; reactivated, the QR is back', async () => {
    const { owner, ticket } = await scannerSetup(t);
    const token = tokenOf(ticket.enlaceInvitado);

    expect((await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/invalidate`)).statusCode).toBe(200);
    const invalid = await guestGet(t, token, uniqueAddress());
    expectGuest(invalid, { estado: 'invalidado', qrCode: null });
    expect(invalid.body).not.toContain(ticket.qrCode);

    expect((await call(t, owner, 'PATCH', `/api/tickets/${ticket.id}/reactivate`)).statusCode).toBe(200);
    expectGuest(await guestGet(t, token, uniqueAddress()), { estado: 'activo', qrCode: ticket.qrCode });
  });

  it('never tells the guest’s email or phone', async () => {
    const contact = uniqueContact();
    const { ticket } = await scannerSetup(t, { order: contact });

    const res = await guestGet(t, tokenOf(ticket.enlaceInvitado), uniqueAddress());

    expectGuest(res, { titular: 'Lucía Fernández' });
    expect(res.body).not.toContain(contact.email);
    expect(res.body).not.toContain(contact.email.split('@')[0]);
    expect(res.body).not.toContain(contact.telefono.replace(/\D/g, '').slice(2));
    expect(res.body).not.toMatch(/email|telefono|@/i);
  });

  it('keeps the page out of search engines, referrers and caches', async () => {
    const { ticket } = await scannerSetup(t);

    for (const res of [
      await guestGet(t, tokenOf(ticket.enlaceInvitado), uniqueAddress()),
      await guestGet(t, 'A'.repeat(24), uniqueAddress()),
    ]) {
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  describe('unknown and hostile tokens', () => {
    const notFound = (res: Awaited<ReturnType<typeof guestGet>>) => {
      expectApiError(res, 404, 'not_found');
      expect(res.json()).toEqual({ error: 'not_found', message: guestTicketMessages.notFound });
    };

    it('answers 404 "Ticket no encontrado" for a token of the right shape that no ticket has', async () => {
      notFound(await guestGet(t, 'AAAAAAAAAAAAAAAAAAAAAAAA', uniqueAddress()));
    });

    it('does not take a ticket’s QR code, id or order id for its link', async () => {
      const { ticket, pedido } = await scannerSetup(t);
      for (const token of [ticket.qrCode, String(ticket.id), String(pedido.id)]) {
        notFound(await guestGet(t, encodeURIComponent(token), uniqueAddress()));
      }
    });

    it.each([
      ['a NUL character', 'abc%00defghijklmnopqrstu'],
      ['a NUL alone', '%00'],
      ['SQL', "'%20or%201=1--"],
      ['a wildcard', '%25'],
      ['a path escape', '..%2F..%2Fapi%2Fhealth'],
      ['spaces', 'abc%20defghijklmnopqrstuv'],
      ['a very long token', 'A'.repeat(500)],
      ['a short token', 'abc'],
      ['unicode', encodeURIComponent('ñandú-ñandú-ñandú-ñandú')],
    ])('answers 404 for %s, never 400 or 500', async (_what, token) => {
      notFound(await guestGet(t, token, uniqueAddress()));
    });

    it.each([
      ['a path longer than the router takes', 'B'.repeat(5000)],
      ['bytes that are not UTF-8', '%ED%A0%80BBBBBBBBBBBBBBBBBBBB'],
    ])(
      'answers %s as the framework does (docs/rules/operations.md): the API error shape, echoing nothing of it',
      async (_what, token) => {
        const res = await guestGet(t, token, uniqueAddress());

        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expectApiError(res, res.statusCode);
        expect(res.body).not.toContain('BBBB');
      },
    );
  });

  it('limits each client address to 120 lookups a minute, unknown tokens included, with Retry-After', async () => {
    const { ticket } = await scannerSetup(t);
    const token = tokenOf(ticket.enlaceInvitado);
    const address = uniqueAddress();

    const answers = [];
    for (let i = 0; i < 120; i++) {
      answers.push(await guestGet(t, i % 2 ? token : 'C'.repeat(24), address));
    }
    expect(answers.map((res) => res.statusCode).filter((status) => status === 429)).toEqual([]);

    const limited = await guestGet(t, token, address);
    expectApiError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.body).not.toContain(ticket.qrCode);
    // Another address is not affected; the next minute the first one is served again.
    expectGuest(await guestGet(t, token, uniqueAddress()));
    t.clock.advance(60_000);
    expectGuest(await guestGet(t, token, address));
  });
});
