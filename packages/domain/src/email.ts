import { z } from 'zod';
import { linkBase } from './link-base';

/** Sending an order's tickets by email (docs/rules/guests.md, docs/decisions/042). */

export const envioEstados = ['sin_enviar', 'en_cola', 'enviado', 'fallido'] as const;
export type EnvioEstado = (typeof envioEstados)[number];

export const envioEstadoLabels: Record<EnvioEstado, string> = {
  sin_enviar: 'Sin enviar',
  en_cola: 'En cola',
  enviado: 'Enviado',
  fallido: 'Fallido',
};

/** An order's email, as the order JSON carries it (`pedido.envio`). */
export const envio = z.object({
  estado: z.enum(envioEstados),
  /** Delivery attempts of the latest request (0 while it waits for its first). */
  intentos: z.number(),
  enviadoEn: z.string().nullable(),
  /** Why the latest attempt failed, in Spanish; null when it did not. */
  ultimoError: z.string().nullable(),
});
export type Envio = z.infer<typeof envio>;

export const SIN_ENVIAR: Envio = { estado: 'sin_enviar', intentos: 0, enviadoEn: null, ultimoError: null };

export const emailMessages = {
  notConfigured: 'El envío por email no está configurado',
  noEmail: 'El pedido no tiene email',
  noTickets: 'El pedido no tiene tickets que enviar',
} as const;

/** POST /api/pedidos/{id}/enviar → 202. */
export const orderQueued = z.object({ estado: z.literal('en_cola') });

/** POST /api/eventos/{id}/enviar-tickets: `soloPendientes` (default) skips orders already sent. */
export const bulkSendBody = z
  .object({ soloPendientes: z.boolean({ error: 'soloPendientes debe ser verdadero o falso' }).default(true) })
  // A POST with no body at all means the default.
  .nullish()
  .transform((body) => ({ soloPendientes: body?.soloPendientes ?? true }));
export type BulkSendInput = z.input<typeof bulkSendBody>;

export const bulkQueued = z.object({ enCola: z.number() });
export type BulkQueued = z.infer<typeof bulkQueued>;

/** GET /api/eventos/{id}/envios: every order of the event by the state of its email. */
export const envioProgress = z.object({
  total: z.number(),
  enviados: z.number(),
  enCola: z.number(),
  fallidos: z.number(),
  sinEnviar: z.number(),
  /** Whether this server can send email at all (SMTP_URL set). */
  configurado: z.boolean(),
  /** The base of the emails' links (PUBLIC_URL, else this server's localhost); null without SMTP_URL. */
  enlaces: linkBase.nullable(),
});
export type EnvioProgress = z.infer<typeof envioProgress>;
