import { formatDateTime } from '@drinkflow/domain/dates';
import { asOneLine } from '@drinkflow/domain/text';
import {
  eventRoleLabels,
  INVITATION_DAYS,
  teamRoleDescriptions,
  type TeamRole,
} from '@drinkflow/domain/team';
import { BRAND, escapeHtml, FONT, INK, MUTED, type RenderedEmail } from './render';

/** What the email of one team invitation says. */
export interface InvitationEmailContent {
  /** The event's owner, who invites. */
  organizador: string;
  evento: { nombre: string; fechaInicio: Date; fechaFin: Date };
  rol: TeamRole;
  /** The absolute address of the invitation (PUBLIC_URL + its path). */
  enlace: string;
}

/**
 * The Spanish email of a team invitation (docs/rules/team.md): who invites, to which event and
 * when, the role and what it allows, the link, and that it works once within INVITATION_DAYS.
 * The same plain HTML as an order's email (render.ts): tables, inline styles, nothing external.
 */
export function renderInvitationEmail(content: InvitationEmailContent, timeZone: string): RenderedEmail {
  const organizador = asOneLine(content.organizador);
  const evento = asOneLine(content.evento.nombre);
  const cuando = `Del ${formatDateTime(content.evento.fechaInicio, timeZone)} al ${formatDateTime(content.evento.fechaFin, timeZone)}`;
  const rol = eventRoleLabels[content.rol];
  const permite = teamRoleDescriptions[content.rol];
  const subject = asOneLine(`${organizador} te invita al equipo de ${evento}`);
  const invita = `${organizador} te ha invitado al equipo de ${evento} como ${rol}.`;
  const uso = `Con esta invitación creas tu cuenta de DrinkFlow o entras con la tuya, con este mismo email.`;
  const validez = `El enlace solo sirve una vez y caduca en ${INVITATION_DAYS} días. No lo compartas: quien lo abra entra en el equipo.`;
  const ignorar = 'Si no esperabas esta invitación, ignora este correo.';

  const text = [
    'Hola:',
    '',
    invita,
    '',
    `Evento: ${evento}`,
    `Fechas: ${cuando}`,
    `Rol: ${rol} (${permite})`,
    '',
    uso,
    `Acepta la invitación aquí: ${content.enlace}`,
    '',
    validez,
    ignorar,
    '',
    `— ${organizador}, a través de DrinkFlow`,
    '',
  ].join('\n');

  const row = (html: string) => `<tr><td style="${FONT}padding:0 24px;">${html}</td></tr>`;
  const enlace = escapeHtml(content.enlace);
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
<tr><td style="${FONT}padding:20px 24px 4px;font-size:12px;font-weight:bold;letter-spacing:1px;color:${BRAND};">DRINKFLOW · EQUIPO DEL EVENTO</td></tr>
${row(`<h1 style="${FONT}margin:8px 0 4px;font-size:22px;color:${INK};">${escapeHtml(evento)}</h1>`)}
${row(`<p style="${FONT}margin:0;font-size:14px;color:${MUTED};">${escapeHtml(cuando)}</p>`)}
${row(`<p style="${FONT}margin:20px 0 8px;font-size:15px;color:${INK};">Hola:</p>`)}
${row(`<p style="${FONT}margin:0 0 16px;font-size:15px;color:${INK};">${escapeHtml(invita)}</p>`)}
${row(`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
<tr><td style="${FONT}padding:8px 0;border-top:1px solid #e2e8f0;border-bottom:1px solid #e2e8f0;font-size:14px;color:${INK};">Rol: <strong>${escapeHtml(rol)}</strong><br><span style="color:${MUTED};font-size:13px;">${escapeHtml(permite)}</span></td></tr>
</table>`)}
${row(`<p style="${FONT}margin:16px 0;font-size:15px;color:${INK};">${escapeHtml(uso)}</p>`)}
${row(`<p style="${FONT}margin:0 0 16px;"><a href="${enlace}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:bold;font-size:14px;padding:10px 16px;border-radius:6px;">Aceptar invitación</a></p>`)}
${row(`<p style="${FONT}margin:0 0 4px;font-size:13px;color:${MUTED};">Si el botón no funciona, copia esta dirección en el navegador:<br><a href="${enlace}" style="color:${BRAND};word-break:break-all;">${enlace}</a></p>`)}
${row(`<p style="${FONT}margin:16px 0 4px;font-size:13px;color:${MUTED};">${escapeHtml(validez)} ${escapeHtml(ignorar)}</p>`)}
<tr><td style="${FONT}padding:16px 24px 24px;font-size:13px;color:${MUTED};">— ${escapeHtml(organizador)}, a través de DrinkFlow</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}
