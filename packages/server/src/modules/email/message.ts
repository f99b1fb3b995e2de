import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventos, pedidos, tickets, tiposTicket, users } from '../../db/schema';
import { addTicketPage, createTicketsDocument, type PrintableTicket } from '../tickets';
import { renderOrderEmail, type RenderedEmail } from './render';

/** Everything one order's email needs; null when the order is gone or has no ticket. */
export interface OrderMessage extends RenderedEmail {
  to: { name: string; address: string };
  organizador: string;
  pdf: { filename: string; content: Buffer };
}

/** A PDF of the order's tickets, one page each, as `GET /api/pedidos/{id}/pdf` draws them. */
async function ticketsPdf(title: string, printable: PrintableTicket[], timeZone: string): Promise<Buffer> {
  const doc = createTicketsDocument(title);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const ticket of printable) addTicketPage(doc, ticket, timeZone);
  doc.end();
  return done;
}

export async function buildOrderMessage(
  db: Db,
  pedidoId: number,
  options: { publicUrl: string; timeZone: string },
): Promise<OrderMessage | null> {
  const rows = await db
    .select({
      ticket: tickets,
      pedido: { nombreCompleto: pedidos.nombreCompleto, email: pedidos.email },
      evento: eventos,
      tipo: tiposTicket,
      organizador: { nombre: users.nombre, apellido: users.apellido },
    })
    .from(tickets)
    .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
    .innerJoin(eventos, eq(eventos.id, pedidos.eventoId))
    .innerJoin(users, eq(users.id, eventos.organizadorId))
    .innerJoin(tiposTicket, eq(tiposTicket.id, tickets.ticketTypeId))
    .where(eq(tickets.pedidoId, pedidoId))
    .orderBy(asc(tickets.id));
  const first = rows[0];
  if (!first) return null;
  const organizador = [first.organizador.nombre, first.organizador.apellido].filter(Boolean).join(' ');
  const rendered = renderOrderEmail(
    {
      nombreCompleto: first.pedido.nombreCompleto,
      organizador,
      evento: first.evento,
      tickets: rows.map((row) => ({
        id: row.ticket.id,
        tipo: row.tipo.nombre,
        enlace: `${options.publicUrl}/t/${row.ticket.guestToken}`,
      })),
    },
    options.timeZone,
  );
  const printable: PrintableTicket[] = rows.map((row) => ({
    id: row.ticket.id,
    qrCode: row.ticket.qrCode,
    estado: row.ticket.estado,
    holder: row.pedido.nombreCompleto,
    evento: row.evento,
    tipo: row.tipo,
  }));
  return {
    ...rendered,
    to: { name: first.pedido.nombreCompleto, address: first.pedido.email.trim() },
    organizador,
    pdf: {
      filename: `tickets-pedido-${pedidoId}.pdf`,
      content: await ticketsPdf(`Tickets · ${first.evento.nombre}`, printable, options.timeZone),
    },
  };
}
