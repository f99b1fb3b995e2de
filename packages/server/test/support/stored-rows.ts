// Orders, tickets, consumptions and scan log, written straight to the database (their API is
// another module's), for suites that only need them to exist.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { consumos, pedidos, scanLog, tickets } from '../../src/db/schema';
import { MINUTE } from './time';
import { uniqueEmail } from './unique-values';

export async function insertOrder(db: Db, eventoId: number, nombreCompleto = 'Ana Pérez') {
  const [row] = await db
    .insert(pedidos)
    .values({ eventoId, nombreCompleto, email: uniqueEmail('cliente') })
    .returning();
  return row!;
}

/** A ticket of the order's event; `qrCode` a shop's code when given, else a random one like the app's. */
export async function insertTicket(
  db: Db,
  pedidoId: number,
  ticketTypeId: number,
  estado: 'activo' | 'invalidado' = 'activo',
  qrCode = randomBytes(24).toString('base64url'),
) {
  const eventoId = sql<number>`(select evento_id from pedidos where id = ${pedidoId})`;
  const [row] = await db
    .insert(tickets)
    .values({ pedidoId, eventoId, ticketTypeId, estado, qrCode })
    .returning();
  return row!;
}

export async function insertConsumos(db: Db, eventoId: number, ticketId: number, n: number) {
  for (let i = 0; i < n; i++) {
    await db.insert(consumos).values({
      eventoId,
      ticketId,
      tipoBebida: i % 2 ? 'cerveza' : 'copa',
      timestamp: new Date(Date.now() - (n - i) * MINUTE),
    });
  }
}

export async function insertScan(db: Db, eventoId: number, ticket: { id: number; qrCode: string }) {
  await db.insert(scanLog).values({
    eventoId,
    ticketId: ticket.id,
    qrCode: ticket.qrCode,
    tipoBebida: 'copa',
    allowed: true,
    reason: 'ok',
    response: { success: true, canConsume: true, message: 'Consumo registrado', reason: 'ok' },
  });
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
