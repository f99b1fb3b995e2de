import { DEVICE_TOKEN_HEADER } from '@drinkflow/domain/devices';
import { deviceRequired, deviceRevoked } from '../../../http/errors';
import { hashToken } from '../../auth';

/**
 * The device a scanner request comes from (docs/decisions/062): an authorized device by its
 * `X-Device-Token` (its sha-256 is `dispositivos.token_hash`), else the link device its
 * `X-Device-Id` names (a `dispositivos` row of `tipo` 'enlace', new-devices.ts). The hot statements
 * read the device row in the round trip they already make (`deviceIdOf`, `deviceJson`), and every
 * statement that records takes it `for key share` (scan-statements.ts), so a revocation — `for
 * update`, then `revocado_en` — is seen by every server process at the next request and nothing is
 * recorded for the device after it commits.
 */

/** Who a request says it is: its token's hash when it sends one, else its link device id (`deviceId`). */
export interface RequestDevice {
  tokenHash: string | null;
  deviceId: string | null;
}

/** A device row as the hot statements answer it (`deviceJson`). */
export interface ScannerDevice {
  id: number;
  usuarioId: number | null;
  /** When it was revoked (epoch ms); null while it may scan. */
  revocadoMs: number | null;
}

const TOKEN_HEADER = DEVICE_TOKEN_HEADER.toLowerCase();
/** A token as pairing issues it (base64url of 32 random bytes), with room to spare. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,200}$/;

/**
 * The hash of the request's device token; null without one (or an empty one). A value no pairing
 * could have issued (another shape, a repeated header, 10 kB) is an unknown token: 401
 * device_required before any database work.
 */
export function tokenHashOf(headers: Record<string, unknown>): string | null {
  const value = headers[TOKEN_HEADER];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !TOKEN_SHAPE.test(value)) throw deviceRequired();
  return hashToken(value);
}

/**
 * SQL: the id of the request's device in event `eventoId` — the authorized device whose token hash
 * is `tokenHash`, or, when no token was sent, the link device `linkId` (each arm by its own index).
 */
export const deviceIdOf = (eventoId: string, tokenHash: string, linkId: string) => `
        select id from dispositivos
         where token_hash = ${tokenHash}::text and tipo = 'autorizado' and evento_id = ${eventoId}
        union all
        select id from dispositivos
         where ${tokenHash}::text is null and evento_id = ${eventoId} and device_id = ${linkId}::text
        limit 1`;

/** SQL: the device row `alias` as `ScannerDevice` JSON. */
export const deviceJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'usuarioId', ${alias}.usuario_id,
                     'revocadoMs', (extract(epoch from ${alias}.revocado_en) * 1000)::float8)`;

/** A device as either driver answers `deviceJson` (PGlite and node-postgres both parse JSON). */
export function toScannerDevice(value: unknown): ScannerDevice | null {
  if (value === null || value === undefined) return null;
  const row = value as { id: number | string; usuarioId: number | string | null; revocadoMs: number | null };
  return {
    id: Number(row.id),
    usuarioId: row.usuarioId === null ? null : Number(row.usuarioId),
    revocadoMs: row.revocadoMs === null ? null : Number(row.revocadoMs),
  };
}

/**
 * Whether the request may go on as `device` (docs/rules/scanner.md#devices): a token that names no
 * device of this event → 401 device_required; a revoked device → 401 device_revoked, except an
 * offline drink scanned (`scannedAt`) before the revocation; no token on an event that takes only
 * authorized devices → 401 device_required. Returns the device the request records with (null:
 * a request that names none).
 */
export function admitDevice(
  evento: { soloDispositivosAutorizados?: boolean },
  identity: RequestDevice,
  device: ScannerDevice | null,
  scannedAt?: Date,
): ScannerDevice | null {
  if (identity.tokenHash !== null && device === null) throw deviceRequired();
  if (device?.revocadoMs != null && !(scannedAt && scannedAt.getTime() < device.revocadoMs)) {
    throw deviceRevoked();
  }
  if (identity.tokenHash === null && evento.soloDispositivosAutorizados) throw deviceRequired();
  return device;
}
