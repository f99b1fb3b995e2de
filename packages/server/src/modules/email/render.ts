import { asOneLine } from '@drinkflow/domain/text';
import { longSpanishDate } from '../tickets';

/** What the email of one order says. */
export interface OrderEmailContent {
  nombreCompleto: string;
  organizador: string;
  evento: { nombre: string; ubicacion: string; fechaInicio: Date };
  /** Each ticket with the absolute address of its guest page. */
  tickets: { id: number; tipo: string; enlace: string }[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * Every name the email shows, on one line: a header or a line of the plain-text body never carries
 * a line break or a control character stored before names refused them (docs/decisions/052).
 */
const shownOnOneLine = (content: OrderEmailContent): OrderEmailContent => ({
  nombreCompleto: asOneLine(content.nombreCompleto),
  organizador: asOneLine(content.organizador),
  evento: {
    ...content.evento,
    nombre: asOneLine(content.evento.nombre),
    ubicacion: asOneLine(content.evento.ubicacion),
  },
  tickets: content.tickets.map((ticket) => ({ ...ticket, tipo: asOneLine(ticket.tipo) })),
});

// The house style of every email (the invitation's too, invitation-render.ts).
export const FONT = 'font-family:Arial,Helvetica,sans-serif;';
export const INK = '#0f172a';
export const MUTED = '#475569';
export const BRAND = '#2563eb';

/**
 * The Spanish email of an order (docs/decisions/042): who sends it and why, the event, one link
 * per ticket to its guest page. Plain HTML that mail clients render alike: tables, inline styles,
 * no images, no scripts, no external resources.
 */
export function renderOrderEmail(stored: OrderEmailContent, timeZone: string): RenderedEmail {
  const content = shownOnOneLine(stored);
  const { evento, tickets } = content;
  const cuando = longSpanishDate(evento.fechaInicio, timeZone);
  const porque = `Recibes este correo porque ${content.organizador} te ha invitado a ${evento.nombre}.`;
  const one = tickets.length === 1;
  const subject = asOneLine(`${one ? 'Tu ticket' : 'Tus tickets'} para ${evento.nombre}`);
  const intro = one
    ? 'Aquí tienes tu ticket de barra. Ábrelo en el móvil y muestra el código QR en la barra.'
    : `Aquí tienes tus ${tickets.length} tickets de barra. Abre cada uno en el móvil y muestra su código QR en la barra.`;

  const text = [
    `Hola, ${content.nombreCompleto}:`,
    '',
    porque,
    '',
    intro,
    '',
    `Evento: ${evento.nombre}`,
    `Fecha: ${cuando}`,
    `Lugar: ${evento.ubicacion}`,
    '',
    ...tickets.map((ticket) => `Ticket #${ticket.id} (${ticket.tipo}): ${ticket.enlace}`),
    '',
    'También van en el PDF adjunto, uno por página, por si prefieres imprimirlos.',
    'No compartas estos enlaces: cada consumo se descuenta de tu ticket.',
    '',
    `— ${content.organizador}, a través de DrinkFlow`,
    '',
  ].join('\n');

  const row = (html: string) => `<tr><td style="${FONT}padding:0 24px;">${html}</td></tr>`;
  const ticketRows = tickets
    .map(
      (ticket) => `<tr>
<td style="${FONT}padding:8px 0;border-top:1px solid #e2e8f0;font-size:14px;color:${INK};">Ticket #${ticket.id}<br><span style="color:${MUTED};font-size:13px;">${escapeHtml(ticket.tipo)}</span></td>
<td align="right" style="${FONT}padding:8px 0;border-top:1px solid #e2e8f0;"><a href="${escapeHtml(ticket.enlace)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:bold;font-size:14px;padding:10px 16px;border-radius:6px;">Ver ticket</a></td>
</tr>`,
    )
    .join('\n');

  const html = `<!DOCTYPE html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="${FONT}padding:20px 24px 4px;font-size:12px;font-weight:bold;letter-spacing:1px;color:${BRAND};">DRINKFLOW · TICKETS DE BARRA</td></tr>
${row(`<h1 style="${FONT}margin:8px 0 4px;font-size:22px;color:${INK};">${escapeHtml(evento.nombre)}</h1>`)}
${row(`<p style="${FONT}margin:0;font-size:14px;color:${MUTED};">${escapeHtml(cuando)}<br>${escapeHtml(evento.ubicacion)}</p>`)}
${row(`<p style="${FONT}margin:20px 0 8px;font-size:15px;color:${INK};">Hola, ${escapeHtml(content.nombreCompleto)}:</p>`)}
${row(`<p style="${FONT}margin:0 0 8px;font-size:15px;color:${INK};">${escapeHtml(porque)}</p>`)}
${row(`<p style="${FONT}margin:0 0 16px;font-size:15px;color:${INK};">${escapeHtml(intro)}</p>`)}
${row(`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${ticketRows}
</table>`)}
${row(`<p style="${FONT}margin:16px 0 4px;font-size:13px;color:${MUTED};">También van en el PDF adjunto, uno por página, por si prefieres imprimirlos. No compartas estos enlaces: cada consumo se descuenta de tu ticket.</p>`)}
<tr><td style="${FONT}padding:16px 24px 24px;font-size:13px;color:${MUTED};">— ${escapeHtml(content.organizador)}, a través de DrinkFlow</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
