import { z } from 'zod';

/** Sending a guest their tickets by WhatsApp (docs/rules/guests.md): a wa.me link the organizer opens. */

/** The path of a ticket's guest page; the server's `enlaceInvitado`. */
export const guestLinkPath = (token: string) => `/t/${token}`;

/** An absolute link from the public base URL (PUBLIC_URL or the page's origin) and a path. */
export const absoluteLink = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

export interface WhatsappMessageInput {
  /** The order's `nombreCompleto`; the greeting uses its first word. */
  nombre: string;
  evento: string;
  /** Absolute guest links, one per ticket of the order. */
  links: readonly string[];
}

const firstName = (nombre: string) => /\S+/.exec(nombre)?.[0] ?? '';

/** The Spanish text of the message: "Hola Ana, aquí tienes tu ticket para Boda: https://…". */
export function whatsappMessage({ nombre, evento, links }: WhatsappMessageInput): string {
  const greeting = firstName(nombre) ? `Hola ${firstName(nombre)}` : 'Hola';
  if (links.length === 1) return `${greeting}, aquí tienes tu ticket para ${evento}: ${links[0]}`;
  return `${greeting}, aquí tienes tus ${links.length} tickets para ${evento}:\n${links.join('\n')}`;
}

/** `https://wa.me/<digits>?text=<message>`; `telefono` is already E.164 digits (see phone.ts). */
export const whatsappLink = (telefono: string, message: string) =>
  `https://wa.me/${telefono}?text=${encodeURIComponent(message)}`;

/** GET /api/eventos/{id}/envios-whatsapp: the organizer's sending list, one row per order. */
export const whatsappSendItem = z.object({
  pedidoId: z.number(),
  nombreCompleto: z.string(),
  telefonoWhatsapp: z.string().nullable(),
  whatsappEnviadoEn: z.string().nullable(),
  tickets: z.array(z.object({ id: z.number(), enlaceInvitado: z.string() })),
});
export type WhatsappSendItem = z.infer<typeof whatsappSendItem>;
export const whatsappSendList = z.array(whatsappSendItem);
