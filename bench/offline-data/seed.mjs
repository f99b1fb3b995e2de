// The offline-data benchmark's event, seeded through the API: three ticket types, two tickets per
// order, every 50th invalidated, and drinks spread over the tickets that take several in a row.
import { api } from '../lib/api.mjs';
import { eachParallel } from '../lib/parallel.mjs';
import { signInDemoOrganizer } from '../server.mjs';
import { nameOf } from './names.mjs';

const HOUR = 3_600_000;

/** One event of `ticketCount` tickets and about `drinkCount` drinks, through the API. */
export async function seed(base, { ticketCount, drinkCount }) {
  const { headers } = await signInDemoOrganizer(base);
  const now = Date.now();
  const evento = await api(base, 'POST', '/api/eventos', headers, {
    nombre: `Boda y festival ${ticketCount}`,
    ubicacion: 'Finca La Alameda, Sevilla',
    fechaInicio: new Date(now - 2 * HOUR).toISOString(),
    fechaFin: new Date(now + 10 * HOUR).toISOString(),
  });
  const window = { validoDesde: evento.fechaInicio, validoHasta: evento.fechaFin, eventoId: evento.id };
  const tipos = [];
  for (const tipo of [
    { nombre: 'General', modo: 'por_cantidad', maxDrinks: 50, drinkType: 'todo' },
    { nombre: 'Barra libre', modo: 'temporal', durationMinutes: 720, drinkType: 'todo' },
    {
      nombre: 'VIP',
      modo: 'intervalos_controlados',
      drinkIntervalMinutes: 15,
      durationMinutes: 720,
      drinkType: 'copas',
    },
  ]) {
    tipos.push(await api(base, 'POST', '/api/tipos-ticket', headers, { ...window, ...tipo }));
  }
  const orders = Array.from({ length: Math.ceil(ticketCount / 2) }, (_, n) => n);
  const created = await eachParallel(orders, 8, (n) =>
    api(base, 'POST', '/api/pedidos', headers, {
      eventoId: evento.id,
      nombreCompleto: nameOf(n),
      email: `invitado${n}@ejemplo.es`,
      telefono: `6${String(n).padStart(8, '0')}`,
      ticketTypeId: tipos[n % 3].id,
      quantity: Math.min(2, ticketCount - 2 * n),
    }),
  );
  const tickets = created.flatMap((pedido) => pedido.tickets);
  const invalidated = tickets.filter((_, n) => n % 50 === 0);
  await eachParallel(invalidated, 8, (ticket) =>
    api(base, 'PATCH', `/api/tickets/${ticket.id}/invalidate`, headers),
  );
  for (const ticket of invalidated) ticket.estado = 'invalidado';
  // Drinks on the tickets that take several in a row (General and Barra libre), spread over them by a
  // fixed mixing (some get none, some many; General refuses beyond 50).
  const drinkers = tickets.filter((ticket) => ticket.ticketTypeId !== tipos[2].id);
  const scans = Array.from({ length: drinkCount }, (_, n) => drinkers[(n * n * 7919) % drinkers.length]);
  const consume = `/api/scanner/${evento.apiKey}/consume`;
  await eachParallel(scans, 8, (ticket) =>
    api(base, 'POST', consume, {}, { qrCode: ticket.qrCode, barra: 'Barra norte' }),
  );
  return { evento, tickets, drinkers };
}
