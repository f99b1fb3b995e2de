// The scanner-loop benchmark's one ticket (a Barra libre of an event running now) and, from its PDF,
// a fake camera video per framing.
import { mkdir } from 'node:fs/promises';
import { cameraVideoOfTicketPdf, FIELD_SHOTS } from '../../e2e/support/camera-video.ts';
import { api } from '../lib/api.mjs';
import { signInDemoOrganizer } from '../server.mjs';

const HOUR = 3_600_000;

/** What the fake camera shows, and how soon its verdict should be painted. */
export const FRAMINGS = [
  { name: 'ordinary', title: 'a 240 px code, centred', shot: {}, aimMs: 600 },
  { name: 'close', title: 'held close (90 % of the height)', shot: FIELD_SHOTS.close, aimMs: 1500 },
  { name: 'far', title: 'held far (120 px, in a corner)', shot: FIELD_SHOTS.far, aimMs: 1500 },
  { name: 'dim', title: 'dim, low contrast', shot: FIELD_SHOTS.dim, aimMs: 1500 },
  { name: 'light-on-dark', title: 'light on a dark screen', shot: FIELD_SHOTS.lightOnDark, aimMs: 1500 },
];

/** The event, its one ticket, and the path of each framing's video of the ticket's QR. */
export async function seedTicketVideos(base) {
  const { headers } = await signInDemoOrganizer(base);
  const now = Date.now();
  const evento = await api(base, 'POST', '/api/eventos', headers, {
    nombre: 'Bench del escáner',
    ubicacion: 'Sala de pruebas',
    fechaInicio: new Date(now - HOUR).toISOString(),
    fechaFin: new Date(now + 5 * HOUR).toISOString(),
  });
  // Barra libre: every scan of the one ticket records a drink, so every run ends the same way.
  const tipo = await api(base, 'POST', '/api/tipos-ticket', headers, {
    eventoId: evento.id,
    nombre: 'Barra Libre Bench',
    modo: 'temporal',
    durationMinutes: 360,
    drinkType: 'todo',
    validoDesde: evento.fechaInicio,
    validoHasta: evento.fechaFin,
  });
  const pedido = await api(base, 'POST', '/api/pedidos', headers, {
    eventoId: evento.id,
    nombreCompleto: 'Lucía Bench',
    email: 'lucia.bench@example.com',
    ticketTypeId: tipo.id,
    quantity: 1,
  });
  const ticket = pedido.tickets[0];
  const pdfResponse = await fetch(`${base}/api/tickets/${ticket.id}/pdf`, { headers });
  if (!pdfResponse.ok)
    throw new Error(`GET /api/tickets/${ticket.id}/pdf → ${pdfResponse.status} ${await pdfResponse.text()}`);
  const pdf = Buffer.from(await pdfResponse.arrayBuffer());
  await mkdir('.test-tmp/bench', { recursive: true });
  const videos = {};
  for (const framing of FRAMINGS) {
    // Each video is checked before use: the code where intended, and decodable (zbarimg).
    const made = await cameraVideoOfTicketPdf(pdf, {
      dir: '.test-tmp/bench',
      name: `ticket-${ticket.id}-${framing.name}`,
      expectedCode: ticket.qrCode,
      shot: framing.shot,
    });
    videos[framing.name] = made.video;
  }
  return { evento, ticket, videos };
}
