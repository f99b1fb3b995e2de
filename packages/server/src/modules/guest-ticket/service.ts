import { defaultTipoBebida } from '@drinkflow/domain/bebidas';
import { guestTicketMessages, limitDescription, type GuestTicket } from '@drinkflow/domain/guest-ticket';
import { dailyAllowance, drinksToday } from '@drinkflow/domain/daily-cutoff';
import { decideScan, drinksLeft, effectiveTicketState } from '@drinkflow/domain/scan-rules';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consumos, eventos, pedidos, tickets, tiposTicket } from '../../db/schema';
import { notFound } from '../../http/errors';
import { dayTopUpsOf } from '../tickets';

export interface GuestTicketOptions {
  timeZone: string;
  /** The clock of the rules (the scanner's in tests); omitted, the server's. */
  now?: () => Date;
}

/**
 * A guest's view of their ticket by its link's token (docs/rules/guests.md): the event, the holder's name,
 * the type's limit in words and where the ticket stands now, decided by the scanner's rule function.
 * Never the order's email or phone.
 */
export function createGuestTicketService(db: Db, { timeZone, now = () => new Date() }: GuestTicketOptions) {
  return {
    async byToken(token: string): Promise<GuestTicket> {
      const [row] = await db
        .select({
          ticketId: tickets.id,
          estado: tickets.estado,
          qrCode: tickets.qrCode,
          recargas: tickets.recargasBebidas,
          titular: pedidos.nombreCompleto,
          evento: {
            nombre: eventos.nombre,
            ubicacion: eventos.ubicacion,
            fechaInicio: eventos.fechaInicio,
            fechaFin: eventos.fechaFin,
            corteDiario: eventos.corteDiario,
          },
          tipo: tiposTicket,
        })
        .from(tickets)
        .innerJoin(pedidos, eq(pedidos.id, tickets.pedidoId))
        .innerJoin(eventos, eq(eventos.id, pedidos.eventoId))
        .innerJoin(tiposTicket, eq(tiposTicket.id, tickets.ticketTypeId))
        .where(eq(tickets.guestToken, token))
        .limit(1);
      if (!row) throw notFound(guestTicketMessages.notFound);

      const drinks = await db
        .select({ timestamp: consumos.timestamp })
        .from(consumos)
        .where(eq(consumos.ticketId, row.ticketId))
        .orderBy(asc(consumos.timestamp));
      const times = drinks.map((drink) => drink.timestamp);
      const at = now();
      const { tipo } = row;
      const ticket = { estado: row.estado };
      const used = times.length;
      const limited = tipo.modo !== 'temporal' && tipo.maxDrinks !== null;
      // Top-ups raise a counted ticket's limit (docs/rules/festivals.md).
      const recargas = limited ? row.recargas : 0;
      // Top-ups 'Usables también hoy' raise their festival day's limit (docs/decisions/063).
      const recargasHoy =
        tipo.maxDrinksPerDay === null
          ? []
          : ((await dayTopUpsOf(db, [row.ticketId])).get(row.ticketId) ?? []);
      // The scanner's own answer to a drink of the ticket's kind right now: an interval, or the
      // per-day limit until the next cut-off, makes the guest wait for a known time.
      const decision = decideScan({
        ticket,
        tipo,
        consumos: times,
        tipoBebida: defaultTipoBebida(tipo.drinkType),
        now: at,
        timeZone,
        recargas,
        recargasHoy,
        corteDiario: row.evento.corteDiario,
      });

      const answer: GuestTicket = {
        evento: {
          nombre: row.evento.nombre,
          ubicacion: row.evento.ubicacion,
          fechaInicio: row.evento.fechaInicio.toISOString(),
          fechaFin: row.evento.fechaFin.toISOString(),
        },
        titular: row.titular,
        tipoTicket: {
          nombre: tipo.nombre,
          modo: tipo.modo,
          descripcionLimite: limitDescription(tipo, timeZone),
          ...(tipo.barrasPermitidas ? { barrasPermitidas: tipo.barrasPermitidas } : {}),
        },
        estado: effectiveTicketState(ticket, tipo, used, at, recargas),
        bebidasConsumidas: used,
        bebidasRestantes: drinksLeft(tipo, used, recargas),
        proximaBebida:
          decision.reason === 'intervalo' && decision.nextAllowedTime
            ? decision.nextAllowedTime.toISOString()
            : null,
        // An invalidated ticket's code scans as refused: the page shows no code to present.
        qrCode: row.estado === 'invalidado' ? null : row.qrCode,
      };
      // "Hoy: 2 de 4" (docs/rules/festivals.md): this festival day's drinks, counted as the scanner counts them,
      // and when today's limit lifts — the rule's own next cut-off (null past the ticket's validity).
      if (tipo.maxDrinksPerDay !== null) {
        answer.bebidasHoy = drinksToday(times, at, row.evento.corteDiario, timeZone);
        answer.maxDrinksPerDay = tipo.maxDrinksPerDay;
        const limiteHoy = dailyAllowance(
          tipo.maxDrinksPerDay,
          recargasHoy,
          at,
          row.evento.corteDiario,
          timeZone,
        );
        if (limiteHoy !== tipo.maxDrinksPerDay) answer.limiteHoy = limiteHoy;
        answer.proximaBebidaDiaria =
          decision.reason === 'limite_diario' && decision.nextAllowedTime
            ? decision.nextAllowedTime.toISOString()
            : null;
      }
      return answer;
    },
  };
}

export type GuestTicketService = ReturnType<typeof createGuestTicketService>;
