import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Evento } from '@drinkflow/domain/events';
import type { PedidoCreated } from '@drinkflow/domain/orders';
import type { TipoTicket } from '@drinkflow/domain/ticket-types';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import { consumos, pedidos, scanLog, tickets } from '../../src/db/schema';
import { type Account, signIn } from '../support/accounts';
import { call } from '../support/api';
import { createEvent } from '../support/events';
import type { TestApp } from '../support/test-app';
import { createTicketType } from '../support/ticket-types';
import { uniqueEmail } from '../support/unique-values';

export const MISSING_ID = 2_000_000_000;

export interface OwnedEvent {
  owner: Account;
  evento: Evento;
  tipo: TipoTicket;
}

let counter = 0;
/** A new organizer with an event (tomorrow) and one `por_cantidad` ticket type. */
export async function ownedEvent(t: TestApp, owner?: Account): Promise<OwnedEvent> {
  const who = owner ?? (await signIn(t.db, 'organizer', 'Dueña'));
  const evento = await createEvent(t, who, { nombre: `Fiesta privada ${++counter}` });
  const tipo = await createTicketType(t, who, evento, { nombre: `Entrada ${counter}` });
  return { owner: who, evento, tipo };
}

/** A valid POST /api/pedidos body that also issues tickets. */
export const orderBody = (
  { evento, tipo }: Pick<OwnedEvent, 'evento' | 'tipo'>,
  overrides: Record<string, unknown> = {},
) => ({
  eventoId: evento.id,
  nombreCompleto: 'Lucía Fernández',
  email: uniqueEmail('invitada'),
  telefono: '+34 600 123 456',
  ticketTypeId: tipo.id,
  quantity: 1,
  ...overrides,
});

/** POST /api/pedidos as `who`; fails the test unless it answers 201. */
export async function createOrder(
  t: TestApp,
  who: Account,
  target: Pick<OwnedEvent, 'evento' | 'tipo'>,
  overrides: Record<string, unknown> = {},
): Promise<PedidoCreated> {
  const res = await call(t, who, 'POST', '/api/pedidos', orderBody(target, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PedidoCreated>();
}

/** An order written straight to the database, with a chosen creation instant. */
export async function insertOrderAt(
  db: Db,
  eventoId: number,
  values: { nombreCompleto: string; createdAt: Date | string; email?: string; telefono?: string | null },
) {
  const [row] = await db
    .insert(pedidos)
    .values({
      eventoId,
      nombreCompleto: values.nombreCompleto,
      email: values.email ?? uniqueEmail('cliente'),
      telefono: values.telefono ?? null,
      createdAt: new Date(values.createdAt),
    })
    .returning();
  return row!;
}

/** Every order and ticket row of an event as stored, to prove a refused call changed nothing. */
export async function storedOrders(db: Db, eventoId: number) {
  const orders = await db
    .select()
    .from(pedidos)
    .where(eq(pedidos.eventoId, eventoId))
    .orderBy(asc(pedidos.id));
  const ids = orders.map((order) => order.id);
  const ticketRows =
    ids.length === 0
      ? []
      : await db.select().from(tickets).where(inArray(tickets.pedidoId, ids)).orderBy(asc(tickets.id));
  return { orders, tickets: ticketRows };
}

/** How many rows the order tables hold in the whole database. */
export async function totals(db: Db) {
  const n = async (table: typeof pedidos | typeof tickets | typeof consumos | typeof scanLog) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  return {
    pedidos: await n(pedidos),
    tickets: await n(tickets),
    consumos: await n(consumos),
    scanLog: await n(scanLog),
  };
}

let triggerCounter = 0;
/**
 * Makes the database refuse the `atTicket`-th ticket inserted for an order named `pedidoNombre`
 * (a BEFORE INSERT trigger in PL/pgSQL): a fault half-way through a transaction. Returns the undo.
 */
export async function failTicketInsert(db: Db, pedidoNombre: string, atTicket: number) {
  const name = `test_fail_ticket_${process.pid}_${++triggerCounter}`;
  const literal = `'${pedidoNombre.replace(/'/g, "''")}'`;
  await db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT nombre_completo FROM pedidos WHERE id = NEW.pedido_id) = ${literal}
           AND (SELECT count(*) FROM tickets WHERE pedido_id = NEW.pedido_id) >= ${atTicket - 1} THEN
          RAISE EXCEPTION 'fallo provocado por la prueba';
        END IF;
        RETURN NEW;
      END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON tickets FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`DROP TRIGGER ${name} ON tickets`));
    await db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  };
}

/** A 500 with the generic JSON body: a real fault, no details leaked. */
export function expectInternalError(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(500);
  expect(res.json()).toEqual({ message: expect.any(String), error: 'internal_error' });
  expect(res.body).not.toMatch(/fallo provocado|trigger|stack/i);
}

const run = promisify(execFile);

/**
 * The text of the QR code on each page of a PDF, page by page, as an ordinary reader decodes it:
 * every page rendered at 150 dpi with poppler's pdftoppm, then read with zbarimg.
 */
export async function qrCodesOfPdf(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'drinkflow-pdf-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    await run('/usr/bin/pdftoppm', ['-r', '150', '-png', join(dir, 'doc.pdf'), join(dir, 'page')]);
    // pdftoppm pads page numbers to the same width, so the names sort in page order.
    const pages = (await readdir(dir)).filter((file) => file.endsWith('.png')).sort();
    const codes: string[] = [];
    for (const page of pages) {
      const { stdout } = await run('/usr/bin/zbarimg', ['-q', '--raw', join(dir, page)]);
      codes.push(stdout.replace(/\n$/, ''));
    }
    return codes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of each page of a PDF (poppler's pdftotext), to check what a ticket prints. */
export async function textOfPdfPages(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'drinkflow-pdf-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    const { stdout } = await run('/usr/bin/pdftotext', ['-enc', 'UTF-8', join(dir, 'doc.pdf'), '-']);
    return stdout.split('\f').slice(0, -1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A PDF download: status 200, the PDF type, `attachment` with this file name, a %PDF body. */
export function expectPdf(res: LightMyRequestResponse, filename: string): Buffer {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/pdf/);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return res.rawPayload;
}

/** POST raw CSV bytes as `who` (anonymous when null). */
export function postCsv(
  t: TestApp,
  who: Account | null,
  url: string,
  bytes: Buffer | string,
  contentType = 'text/csv',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...(who?.headers ?? {}), 'content-type': contentType },
    payload: bytes,
  });
}
