import { z } from 'zod';
import { PAIRING_CODE_LENGTH, deviceMessages } from './device-wire';
import { singleLineText } from './text';

/* The plain constants live in device-wire.ts, without zod, so the scanner page loads them alone. */
export {
  DEVICE_OFFLINE_DATA_HEADER,
  DEVICE_PENDING_HEADER,
  DEVICE_TOKEN_HEADER,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  deviceErrors,
  deviceMessages,
  normalizePairingCode,
} from './device-wire';

export const PAIRING_MINUTES = 10;
export const WRONG_PAIRING_CODES = { perAddress: 10, windowMinutes: 10 } as const;
/** A device is online while its last contact is this recent. */
export const ONLINE_MINUTES = 2;

export const deviceKinds = ['autorizado', 'enlace'] as const;
export type DeviceKind = (typeof deviceKinds)[number];
export const deviceKindLabels: Record<DeviceKind, string> = { autorizado: 'Autorizado', enlace: 'Enlace' };

export const pairingCode = z
  .string({ error: deviceMessages.codeInvalid })
  .trim()
  .toUpperCase()
  .transform((code) => code.replace(/[\s-]/g, ''))
  .pipe(z.string().length(PAIRING_CODE_LENGTH, deviceMessages.codeInvalid));

export const pairing = z.object({ codigo: z.string(), url: z.string(), caducaEn: z.string() });
export type Pairing = z.infer<typeof pairing>;

const deviceName = singleLineText(deviceMessages.nombre)
  .min(1, deviceMessages.nombre)
  .max(60, deviceMessages.nombreMax);
const barra = singleLineText()
  .max(100)
  .nullish()
  .transform((value) => value || null);

export const pairBody = z.object({ codigo: pairingCode, nombre: deviceName, barra });
export type PairBody = z.input<typeof pairBody>;
/** A signed-in member's own scanner: `POST /api/eventos/{id}/dispositivos/propio`. */
export const ownDeviceBody = z.object({ nombre: deviceName, barra });

export const pairedDevice = z.object({
  token: z.string(),
  dispositivo: z.object({ id: z.number(), nombre: z.string(), barra: z.string().nullable() }),
  evento: z.object({
    id: z.number(),
    nombre: z.string(),
    ubicacion: z.string(),
    fechaInicio: z.string(),
    fechaFin: z.string(),
  }),
  apiKey: z.string(),
});
export type PairedDevice = z.infer<typeof pairedDevice>;

export const boardDevice = z.object({
  id: z.number(),
  nombre: z.string(),
  tipo: z.enum(deviceKinds),
  barra: z.string().nullable(),
  usuario: z.object({ id: z.number(), nombre: z.string() }).nullable(),
  creadoEn: z.string(),
  ultimoContacto: z.string().nullable(),
  revocadoEn: z.string().nullable(),
  pendientes: z.number().nullable(),
  datosOfflineDe: z.string().nullable(),
  consumos10min: z.number(),
});
export type BoardDevice = z.infer<typeof boardDevice>;
