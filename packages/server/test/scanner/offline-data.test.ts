import { offlineTicketId, openHolderName } from '@drinkflow/domain/offline-data';
import type { Ticket } from '@drinkflow/domain/orders';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { scannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { expectOfflineData, festival, offline, sha256, ticketOf } from './offline-data-fixtures';

// docs/rules/offline-and-field.md, docs/decisions/035: GET /api/scanner/{apiKey}/offline gives a bar's device the
// event, its ticket types and every ticket (named by SHA-256 of its QR code, holder's name sealed
// with a key derived from the code) with its drinks, so it can decide scans without the server.
// What the download holds; how it follows the night: offline-data-updates.test.ts; how it is
// served: offline-data-delivery.test.ts.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

describe('GET /api/scanner/{apiKey}/offline', () => {
  it('answers the event with the time zone, its ticket types and every ticket of it, none of another', async () => {
    const f = await festival(t);

    const data = expectOfflineData(await offline(t, f.evento.apiKey));

    expect(data.evento).toEqual({
      nombre: f.evento.nombre,
      ubicacion: f.evento.ubicacion,
      fechaInicio: f.evento.fechaInicio,
      fechaFin: f.evento.fechaFin,
      zonaHoraria: 'Europe/Madrid',
      // When the festival day ends (docs/rules/festivals.md), for per-day limits decided offline.
      corteDiario: '06:00',
    });
    expect(data.tiposTicket).toEqual(
      [f.tipo, f.vip].map((tipo) => ({
        id: tipo.id,
        nombre: tipo.nombre,
        modo: tipo.modo,
        maxDrinks: tipo.maxDrinks,
        drinkIntervalMinutes: tipo.drinkIntervalMinutes,
        durationMinutes: tipo.durationMinutes,
        drinkType: tipo.drinkType,
        validoDesde: tipo.validoDesde,
        validoHasta: tipo.validoHasta,
      })),
    );
    expect(data.tiposTicket[1]).toMatchObject({ modo: 'intervalos_controlados', maxDrinks: 8 });
    const expected = f.allTickets.map((ticket: Ticket) => ({
      id: sha256(ticket.qrCode),
      ticketId: ticket.id,
      ticketTypeId: ticket.ticketTypeId,
      estado: 'activo',
      createdAt: ticket.createdAt,
      consumos: [],
    }));
    expect(data.tickets.map(({ titular: _titular, ...ticket }) => ticket)).toEqual(
      expect.arrayContaining(expected),
    );
    expect(data.tickets).toHaveLength(5);
    expect(data.tickets.map(({ ticketId }) => ticketId)).not.toContain(f.other.ticket.id);
    expect(ticketOf(data, f.other.ticket.qrCode)).toBeUndefined();
  });

  it('names each ticket by the SHA-256 of its QR code, the same id the domain computes on the device', async () => {
    const f = await festival(t);

    const data = expectOfflineData(await offline(t, f.evento.apiKey));

    for (const ticket of f.allTickets) {
      const found = ticketOf(data, ticket.qrCode);
      expect(found?.ticketId).toBe(ticket.id);
      expect(found?.id).toBe(await offlineTicketId(ticket.qrCode));
    }
  });

  it('seals each holder’s name so that it opens with that ticket’s code and with no other', async () => {
    const f = await festival(t);

    const data = expectOfflineData(await offline(t, f.evento.apiKey));

    const names = new Map([
      ...f.tickets.map((ticket) => [ticket.qrCode, 'Íñigo Núñez 🍻'] as const),
      ...f.second.tickets.map((ticket) => [ticket.qrCode, 'María José Güell'] as const),
    ]);
    for (const [qrCode, name] of names) {
      const found = ticketOf(data, qrCode)!;
      expect(await openHolderName(qrCode, found.titular)).toBe(name);
      for (const other of f.allTickets.filter((ticket) => ticket.qrCode !== qrCode)) {
        expect(await openHolderName(other.qrCode, found.titular)).toBeNull();
      }
      expect(await openHolderName(f.other.ticket.qrCode, found.titular)).toBeNull();
    }
    // Tickets of one order share a name but not a sealed value.
    const sealed = f.tickets.map((ticket) => ticketOf(data, ticket.qrCode)!.titular.datos);
    expect(new Set(sealed).size).toBe(sealed.length);
  });

  it('carries no QR code, email, phone, holder’s name in clear or API key anywhere in its text', async () => {
    const f = await festival(t);

    const res = await offline(t, f.evento.apiKey);

    expectOfflineData(res);
    const text = res.body;
    for (const ticket of [...f.allTickets, f.other.ticket]) expect(text).not.toContain(ticket.qrCode);
    for (const contact of [f.firstContact, f.secondContact]) {
      expect(text).not.toContain(contact.email);
      expect(text).not.toContain(contact.telefono!);
      expect(text).not.toContain(contact.telefono!.replace(/\D/g, '').slice(2));
    }
    expect(text).not.toContain('@');
    for (const name of ['Íñigo', 'Núñez', 'María José', 'Güell', 'Lucía']) expect(text).not.toContain(name);
    expect(text).not.toContain(f.evento.apiKey);
  });

  it('shows an invalidated ticket as invalidado, and a regenerated QR code by its new hash only', async () => {
    const f = await festival(t);
    const [invalidated, regenerated] = f.tickets as [Ticket, Ticket, Ticket];
    const res = await call(t, f.owner, 'PATCH', `/api/tickets/${invalidated.id}/invalidate`);
    expect(res.statusCode, res.body).toBe(200);
    const regen = await call(t, f.owner, 'PATCH', `/api/tickets/${regenerated.id}/regenerate-qr`);
    expect(regen.statusCode, regen.body).toBe(200);
    const newCode = regen.json<{ qrCode: string }>().qrCode;

    const data = expectOfflineData(await offline(t, f.evento.apiKey));

    expect(ticketOf(data, invalidated.qrCode)).toMatchObject({
      ticketId: invalidated.id,
      estado: 'invalidado',
    });
    expect(ticketOf(data, regenerated.qrCode)).toBeUndefined();
    const renewed = ticketOf(data, newCode)!;
    expect(renewed).toMatchObject({ ticketId: regenerated.id, estado: 'activo' });
    expect(await openHolderName(newCode, renewed.titular)).toBe('Íñigo Núñez 🍻');
    expect(await openHolderName(regenerated.qrCode, renewed.titular)).toBeNull();
    expect(data.tickets.filter(({ estado }) => estado === 'invalidado')).toHaveLength(1);
  });

  it('answers an event without tickets with empty lists', async () => {
    const f = await scannerSetup(t);
    const deleted = await call(t, f.owner, 'DELETE', `/api/pedidos/${f.pedido.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);

    const data = expectOfflineData(await offline(t, f.evento.apiKey));

    expect(data.tickets).toEqual([]);
    expect(data.tiposTicket.map(({ id }) => id)).toEqual([f.tipo.id]);
  });
});
