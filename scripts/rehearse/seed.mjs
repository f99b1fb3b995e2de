// The rehearsal's event, seeded through HTTPS: an event running now, a 50-drink bono, and
// TICKETS_PER_CLIENT tickets per bar scanner in orders of ten.
import { api } from './https-client.mjs';

export const TICKETS_PER_CLIENT = 20;
const ORDER_SIZE = 10;
export const MAX_DRINKS = 50;
const HOUR = 3_600_000;

export async function seed(clients) {
  const login = await api(
    'POST',
    '/api/auth/login',
    {},
    { email: 'organizador@drinkflow.test', password: 'drinkflow' },
  );
  const headers = { authorization: `Bearer ${login.token}` };
  const start = new Date(Date.now() - HOUR);
  const evento = await api('POST', '/api/eventos', headers, {
    nombre: 'Ensayo de producción',
    ubicacion: 'Recinto Ferial, Valencia',
    fechaInicio: start.toISOString(),
    fechaFin: new Date(start.getTime() + 12 * HOUR).toISOString(),
  });
  const bono = await api('POST', '/api/tipos-ticket', headers, {
    eventoId: evento.id,
    validoDesde: evento.fechaInicio,
    validoHasta: evento.fechaFin,
    nombre: 'Bono 50 copas',
    modo: 'por_cantidad',
    maxDrinks: MAX_DRINKS,
    drinkType: 'todo',
  });
  const count = clients * TICKETS_PER_CLIENT;
  const qrCodes = [];
  for (let n = 0; qrCodes.length < count; n++) {
    const pedido = await api('POST', '/api/pedidos', headers, {
      eventoId: evento.id,
      nombreCompleto: `Invitado ${n + 1}`,
      email: `invitado${n + 1}@ejemplo.es`,
      ticketTypeId: bono.id,
      quantity: Math.min(ORDER_SIZE, count - qrCodes.length),
    });
    qrCodes.push(...pedido.tickets.map((ticket) => ticket.qrCode));
  }
  return { evento, qrCodes };
}
