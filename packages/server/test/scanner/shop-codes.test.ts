import { scannerMessages, type ScannerTicketResponse } from '@drinkflow/domain/scanner';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tickets } from '../../src/db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../src/http/errors';
import { readTicket } from '../../src/modules/scanner/scan-statements';
import { eventOfKeyWithTicket } from '../../src/modules/scanner/ticket-read';
import { call, expectApiError } from '../support/api';
import { consumoRows } from '../support/scan-rows';
import { expectScan, scannerSetup, type ScannerSetup } from '../support/scanner';
import { createScannerApp, type ScannerTestApp } from '../support/scanner-app';
import { insertOrder, insertTicket } from '../support/stored-rows';

// docs/decisions/069: a ticket imported from a shop keeps the shop's code as its QR code, so the
// code printed on the door ticket also opens the bar. Codes are unique per event, not across events.

let t: ScannerTestApp;
beforeAll(async () => {
  t = await createScannerApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.reset();
});

const EVENTBRITE_BARCODE = '12345678901234567890';
const PRETIX_SECRET = 'xpxs8b3mvd8wzqm5ujc8h9h3c9w3z2ap';
const SHORT_CODE = 'Ab3dE5g7';

/** A ticket of the setup's order and type with `qrCode` as a shop import stores it. */
const shopTicket = (setup: ScannerSetup, qrCode: string) =>
  insertTicket(t.db, setup.pedido.id, setup.tipo.id, 'activo', qrCode);

const lookupOf = (res: Awaited<ReturnType<ScannerSetup['scanner']['ticket']>>) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ScannerTicketResponse>();
};

describe('a shop’s code at the bar', () => {
  it.each([
    ['a 20-digit Eventbrite barcode', EVENTBRITE_BARCODE],
    ['a pretix secret', PRETIX_SECRET],
    ['a short code of digits and both cases', SHORT_CODE],
  ])('finds and serves %s, typed by a handheld scanner with its Enter', async (_kind, code) => {
    const setup = await scannerSetup(t);
    const ticket = await shopTicket(setup, code);

    const looked = lookupOf(await setup.scanner.ticket(` ${code}\n`));
    expect(looked.ticket).toMatchObject({ id: ticket.id, titular: 'Lucía Fernández' });
    expectScan(await setup.scanner.consume({ qrCode: `${code}\r\n` }), {
      success: true,
      remainingDrinks: 3,
    });
    expect(await consumoRows(t.db, ticket.id)).toHaveLength(1);
  });

  it('keeps the code’s case, as it was imported: the pretix secret in capitals is no ticket', async () => {
    const setup = await scannerSetup(t);
    const ticket = await shopTicket(setup, PRETIX_SECRET);

    const res = await setup.scanner.consume({ qrCode: PRETIX_SECRET.toUpperCase() });

    expectApiError(res, 404, 'not_found');
    expect(res.json().message).toBe(scannerMessages.ticketNotFound);
    expect(await consumoRows(t.db, ticket.id)).toEqual([]);
  });

  it('stops opening the bar once the ticket’s QR is regenerated: the new product code does', async () => {
    const setup = await scannerSetup(t);
    // A barcode no other event of this file holds, so the old code is simply unknown.
    const barcode = '98765432109876543210';
    const ticket = await shopTicket(setup, barcode);

    const res = await call(t, setup.owner, 'PATCH', `/api/tickets/${ticket.id}/regenerate-qr`);
    expect(res.statusCode, res.body).toBe(200);
    const { qrCode } = res.json<{ qrCode: string }>();

    expect(qrCode).not.toBe(barcode);
    expect(qrCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expectApiError(await setup.scanner.consume({ qrCode: barcode }), 404, 'not_found');
    expectScan(await setup.scanner.consume({ qrCode }), { success: true });
  });
});

describe('the same code in two events', () => {
  it('is two tickets: each event’s scanner finds its own, and a third event calls it another event’s', async () => {
    const first = await scannerSetup(t, { order: { nombreCompleto: 'Ana del Festival A' } });
    const second = await scannerSetup(t, { order: { nombreCompleto: 'Bruno del Festival B' } });
    const third = await scannerSetup(t);
    const ticketA = await shopTicket(first, EVENTBRITE_BARCODE);
    const ticketB = await shopTicket(second, EVENTBRITE_BARCODE);

    expectScan(await first.scanner.consume({ qrCode: EVENTBRITE_BARCODE }), {
      success: true,
      ticket: expect.objectContaining({ id: ticketA.id, titular: 'Ana del Festival A' }),
    });
    const atB = lookupOf(await second.scanner.ticket(EVENTBRITE_BARCODE));
    expect(atB.ticket).toMatchObject({ id: ticketB.id, titular: 'Bruno del Festival B' });
    expect(atB.consumos).toEqual([]);
    expect(await consumoRows(t.db, ticketA.id)).toHaveLength(1);
    expect(await consumoRows(t.db, ticketB.id)).toEqual([]);

    const elsewhere = await third.scanner.consume({ qrCode: EVENTBRITE_BARCODE });
    expectApiError(elsewhere, 403, 'forbidden');
    expect(elsewhere.json().message).toBe(scannerMessages.otherEvent);
  });

  it('twice in one event is refused by the database, even in another order of that event', async () => {
    const setup = await scannerSetup(t);
    await shopTicket(setup, SHORT_CODE);
    const otherOrder = await insertOrder(t.db, setup.evento.id, 'Carmen Ruiz');

    const error = await insertTicket(t.db, otherOrder.id, setup.tipo.id, 'activo', SHORT_CODE).catch(
      (caught: unknown) => caught,
    );

    expect(isUniqueViolation(error, 'tickets_evento_qr_code_unique')).toBe(true);
    const stored = await t.db.select().from(tickets).where(eq(tickets.pedidoId, otherOrder.id));
    expect(stored).toEqual([]);
  });
});

describe('a ticket’s event', () => {
  it('is its order’s: a ticket naming another event is refused', async () => {
    const setup = await scannerSetup(t);
    const other = await scannerSetup(t, { owner: setup.owner });

    const error = await t.db
      .insert(tickets)
      .values({
        pedidoId: setup.pedido.id,
        eventoId: other.evento.id,
        ticketTypeId: setup.tipo.id,
        qrCode: PRETIX_SECRET,
      })
      .catch((caught: unknown) => caught);

    expect(isForeignKeyViolation(error, 'tickets_pedido_evento_fk')).toBe(true);
  });

  it('goes with its order and its event: deleting the event deletes its tickets', async () => {
    const setup = await scannerSetup(t);
    const ticket = await shopTicket(setup, PRETIX_SECRET);

    const res = await call(t, setup.owner, 'DELETE', `/api/eventos/${setup.evento.id}`);

    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(tickets).where(eq(tickets.id, ticket.id))).toEqual([]);
  });
});

/** The nodes of an `explain (format json)` plan, depth first. */
function planNodes(node: Record<string, unknown>): Record<string, unknown>[] {
  const children = (node.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [node, ...children.flatMap(planNodes)];
}

/**
 * The scans of `tickets` in the generic plan of `text` (a scan's prepared statement), with the
 * sequential scan off: which index can answer its condition, whatever the tables' sizes.
 */
async function ticketScans(text: string, types: string, values: string) {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare shop_code_plan (${types}) as ${text}`));
    const result = await tx.execute(sql.raw(`explain (format json) execute shop_code_plan (${values})`));
    await tx.execute(sql`deallocate shop_code_plan`);
    const [row] = (result as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows;
    const plan = row!['QUERY PLAN'];
    const [root] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as {
      Plan: Record<string, unknown>;
    }[];
    return planNodes(root!.Plan).filter((node) => node['Relation Name'] === 'tickets');
  });
}

describe('the scan’s lookup by code', () => {
  it.each([
    ['a scan decided again (readTicket)', readTicket.text, 'text, int, text', `'x', 1, null`],
    [
      'a consume’s first round trip (eventOfKeyWithTicket)',
      eventOfKeyWithTicket.text,
      'text, timestamptz, text, text, text, text, text',
      `'clave', now(), '[]', 'x', null, null, null`,
    ],
  ])('of %s reads the (evento_id, qr_code) index with both', async (_name, text, types, values) => {
    const scans = await ticketScans(text, types, values);

    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ 'Index Name': 'tickets_evento_qr_code_unique' });
    expect(scans[0]!['Index Cond']).toMatch(/evento_id = .*qr_code = /);
  });
});
