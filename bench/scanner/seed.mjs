// The scanner benchmark's event, seeded through the organizer API, and the drinks its orders hold.
import { api } from '../lib/api.mjs';
import { eachParallel } from '../lib/parallel.mjs';
import { signInDemoOrganizer } from '../server.mjs';
import { connections, ticketCount } from './options.mjs';

const HOUR = 3_600_000;
export const ORDER_SIZE = 10; // POST /api/pedidos takes 1–10 tickets
export const MAX_DRINKS = 50; // the most a por_cantidad ticket type allows

/**
 * One event running now that takes only authorized devices, a 50-drink bono and a temporal open bar
 * (half the orders each), `ticketCount` tickets in orders of ten, and one paired device per
 * connection; returns the scanner key, the device tokens, the orders and the tickets.
 */
export async function seed(base) {
  const { headers } = await signInDemoOrganizer(base);
  const start = new Date(Math.floor(Date.now() / HOUR) * HOUR - HOUR);
  const evento = await api(base, 'POST', '/api/eventos', headers, {
    nombre: 'Prueba de carga del escáner',
    ubicacion: 'Recinto Ferial, Valencia',
    fechaInicio: start.toISOString(),
    fechaFin: new Date(start.getTime() + 12 * HOUR).toISOString(),
    barras: ['Barra 1'],
    soloDispositivosAutorizados: true,
  });
  const period = { eventoId: evento.id, validoDesde: evento.fechaInicio, validoHasta: evento.fechaFin };
  const bono = await api(base, 'POST', '/api/tipos-ticket', headers, {
    ...period,
    nombre: 'Bono 50 copas',
    modo: 'por_cantidad',
    maxDrinks: MAX_DRINKS,
    drinkType: 'todo',
  });
  const barraLibre = await api(base, 'POST', '/api/tipos-ticket', headers, {
    ...period,
    nombre: 'Barra libre',
    modo: 'temporal',
    durationMinutes: 12 * 60,
    drinkType: 'todo',
  });
  const orders = Array.from({ length: Math.ceil(ticketCount / ORDER_SIZE) }, (_, n) => ({
    eventoId: evento.id,
    nombreCompleto: `Invitado ${n + 1}`,
    email: `invitado${n + 1}@ejemplo.es`,
    ticketTypeId: (n % 2 === 0 ? bono : barraLibre).id,
    quantity: Math.min(ORDER_SIZE, ticketCount - n * ORDER_SIZE),
  }));
  const created = await eachParallel(orders, 4, (order) => api(base, 'POST', '/api/pedidos', headers, order));
  const tickets = created.flatMap((pedido) => pedido.tickets);
  if (tickets.length !== ticketCount) throw new Error(`seeded ${tickets.length} tickets, not ${ticketCount}`);
  const deviceTokens = await pairDevices(base, headers, evento.id);
  return { headers, evento, deviceTokens, pedidoIds: created.map((pedido) => pedido.id), tickets };
}

/** One device per connection, paired as a bar's phone is: a pairing code, then the pairing. */
async function pairDevices(base, headers, eventoId) {
  return eachParallel(
    Array.from({ length: connections }, (_, n) => n),
    4,
    async (n) => {
      const { codigo } = await api(
        base,
        'POST',
        `/api/eventos/${eventoId}/dispositivos/emparejamientos`,
        headers,
      );
      const paired = await api(
        base,
        'POST',
        '/api/dispositivos/emparejar',
        {},
        {
          codigo,
          nombre: `Móvil ${n + 1}`,
          barra: 'Barra 1',
        },
      );
      return paired.token;
    },
  );
}

/** Drinks recorded for the seeded tickets, as the organizer's order pages count them. */
export async function recordedDrinks(base, headers, pedidoIds) {
  const counts = await eachParallel(pedidoIds, 4, async (pedidoId) => {
    const tickets = await api(base, 'GET', `/api/tickets/${pedidoId}`, headers);
    return tickets.reduce((sum, ticket) => sum + ticket.totalConsumos, 0);
  });
  return counts.reduce((sum, n) => sum + n, 0);
}
