import { createHash } from 'node:crypto';
import { offlineData, type OfflineData } from '@drinkflow/domain/offline-data';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTicketType } from '../support/ticket-types';
import { uniqueContact } from '../support/unique-values';
import { createOrder } from '../support/orders';
import { scannerSetup } from '../support/scanner';
import type { ScannerTestApp } from '../support/scanner-app';

// The offline download's request, its checks and the festival its tests read it from.

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function offline(
  t: ScannerTestApp,
  apiKey: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return t.app.inject({
    method: 'GET',
    url: `/api/scanner/${encodeURIComponent(apiKey)}/offline`,
    headers,
    remoteAddress,
  });
}

/** A 200 whose JSON is exactly what the domain's schema reads (nothing more, nothing less). */
export function expectOfflineData(res: LightMyRequestResponse): OfflineData {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<OfflineData>();
  expect(offlineData.parse(body)).toEqual(body);
  return body;
}

/** The ticket of `qrCode` in the offline data, found as the device finds it. */
export const ticketOf = (data: OfflineData, qrCode: string) =>
  data.tickets.find(({ id }) => id === sha256(qrCode));

/**
 * An event with two ticket types and two orders (three and two tickets, with email and phone), and
 * another organizer's event with a ticket of its own.
 */
export async function festival(t: ScannerTestApp) {
  const setup = await scannerSetup(t, {
    quantity: 3,
    order: { nombreCompleto: 'Íñigo Núñez 🍻', ...uniqueContact() },
  });
  const vip = await createTicketType(t, setup.owner, setup.evento, {
    nombre: 'VIP controlada',
    modo: 'intervalos_controlados',
    maxDrinks: null,
    drinkIntervalMinutes: 30,
    durationMinutes: 240,
    drinkType: 'copas',
  });
  const secondContact = uniqueContact();
  const second = await createOrder(
    t,
    setup.owner,
    { evento: setup.evento, tipo: vip },
    { quantity: 2, nombreCompleto: 'María José Güell', ...secondContact },
  );
  const other = await scannerSetup(t, { order: { nombreCompleto: 'Persona De Otro Evento' } });
  return {
    ...setup,
    vip,
    secondContact,
    firstContact: setup.pedido,
    allTickets: [...setup.tickets, ...second.tickets],
    second,
    other,
  };
}
