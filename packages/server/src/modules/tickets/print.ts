import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { eventos, pedidos, tickets, tiposTicket } from '../../db/schema';
import { notFound } from '../../http/errors';
import { addTicketPage, createTicketsDocument, type PrintableTicket } from './ticket-pdf';

const BATCH = 200;
// Above this much unread PDF the producer waits for the client, so memory stays flat for a
// whole festival's tickets however slow the download.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ticket PDFs streamed from the database in batches (one page per ticket, in id order). */
export function createTicketPrinting(db: Db, timeZone: string) {
  async function batch(where: SQL, afterId: number): Promise<PrintableTicket[]> {
    const rows = await db
      .select({ ticket: tickets, holder: pedidos.nombreCompleto, evento: eventos, tipo: tiposTicket })
      .from(tickets)
      .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
      .innerJoin(eventos, eq(eventos.id, pedidos.eventoId))
      .innerJoin(tiposTicket, eq(tiposTicket.id, tickets.ticketTypeId))
      .where(and(where, gt(tickets.id, afterId)))
      .orderBy(asc(tickets.id))
      .limit(BATCH);
    return rows.map((row) => ({
      id: row.ticket.id,
      qrCode: row.ticket.qrCode,
      estado: row.ticket.estado,
      holder: row.holder,
      evento: row.evento,
      tipo: row.tipo,
    }));
  }

  return {
    /**
     * Answers with a PDF of every ticket matching `where`; 404 with `emptyMessage` when none does.
     * The first batch is read before answering, so a failure there is a clean JSON error.
     */
    async send(reply: FastifyReply, where: SQL, filename: string, emptyMessage: string) {
      let current = await batch(where, 0);
      if (current.length === 0) throw notFound(emptyMessage);
      const doc = createTicketsDocument(filename.replace(/\.pdf$/, ''));
      const produce = async () => {
        while (current.length > 0) {
          for (const [index, ticket] of current.entries()) {
            addTicketPage(doc, ticket, timeZone);
            // Let scans and other requests through while a whole festival's tickets are drawn.
            if (index % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
          }
          while (doc.readableLength > MAX_BUFFERED_BYTES && !doc.destroyed) await sleep(5);
          if (doc.destroyed) return;
          current = current.length < BATCH ? [] : await batch(where, current.at(-1)!.id);
        }
        doc.end();
      };
      produce().catch((error: unknown) => {
        reply.log.error({ err: error }, 'ticket PDF failed');
        doc.destroy(error as Error);
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(doc);
    },
  };
}

export type TicketPrinting = ReturnType<typeof createTicketPrinting>;
