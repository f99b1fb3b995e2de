import { absoluteLink, whatsappLink, whatsappMessage } from '@drinkflow/domain/whatsapp';

export interface WhatsappHrefInput {
  /** The order's phone as wa.me wants it (`telefonoWhatsapp`); null when it cannot be one. */
  telefono: string | null;
  /** The order's `nombreCompleto`. */
  nombre: string;
  evento: string;
  /** The tickets' `enlaceInvitado` paths ('/t/<token>'). */
  enlaces: readonly string[];
  /** The base of the absolute links, as the server says it (`useLinkBase`). */
  base: string;
}

/**
 * https://wa.me/<digits>?text=<Spanish message with each ticket's absolute guest link>
 * (docs/rules/guests.md); null when there is no number to send to or no ticket to send.
 */
export function whatsappHref({ telefono, nombre, evento, enlaces, base }: WhatsappHrefInput): string | null {
  if (!telefono || enlaces.length === 0) return null;
  const links = enlaces.map((path) => absoluteLink(base, path));
  return whatsappLink(telefono, whatsappMessage({ nombre, evento, links }));
}

export const NO_PHONE_HINT = 'Sin teléfono válido para WhatsApp';
