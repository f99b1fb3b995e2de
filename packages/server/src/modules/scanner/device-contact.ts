import { DEVICE_OFFLINE_DATA_HEADER, DEVICE_PENDING_HEADER } from '@drinkflow/domain/devices';
import type { Db } from '../../db/client';
import { hotDriverOf, type HotStatement } from '../../db/hot-statements';
import { deviceIdOf, type RequestDevice } from './admission/request-device';

/**
 * What the organizer's device board shows of a scanner (docs/rules/offline-and-field.md#what-a-device-reports):
 * its last contact, its queued offline drinks (`X-Device-Pending`) and the date of its offline data
 * (`X-Device-Offline-Data`), as its calls report them. Written at most once per
 * `CONTACT_INTERVAL_MS` per device and server process, never once per scan; a value that is not a
 * count or a date is left out (the stored one stays), never an error.
 */

/** The board's figures are this fresh at worst (per process), for one write per interval. */
export const CONTACT_INTERVAL_MS = 15_000;

/** Devices this process remembers the last report of; beyond this the oldest are forgotten. */
const MAX_REMEMBERED = 20_000;

/**
 * $1 API key, $2 device token's hash, $3 link device id, $4 the time (or null: the database's),
 * $5 pending drinks, $6 offline data's date, $7 the bar a link device names (each null: unchanged).
 */
export const reportContact: HotStatement = {
  name: 'drinkflow_scanner_device_contact',
  text: `
    update dispositivos
       set ultimo_contacto = coalesce($4::timestamptz, statement_timestamp()),
           pendientes = coalesce($5::int, pendientes),
           datos_offline_de = coalesce($6::timestamptz, datos_offline_de),
           barra = case when tipo = 'enlace' then coalesce($7::text, barra) else barra end
     where id = (${deviceIdOf('(select id from eventos where api_key = $1)', '$2', '$3')})`,
};

const headerOf = (headers: Record<string, unknown>, name: string) => {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value.trim() : null;
};

/** `X-Device-Pending`: a count of drinks; anything else is null. */
export function pendingOf(headers: Record<string, unknown>): number | null {
  const value = headerOf(headers, DEVICE_PENDING_HEADER);
  return value !== null && /^\d{1,7}$/.test(value) ? Number(value) : null;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** `X-Device-Offline-Data`: an ISO 8601 instant with its zone; anything else is null. */
export function offlineDataOf(headers: Record<string, unknown>): Date | null {
  const value = headerOf(headers, DEVICE_OFFLINE_DATA_HEADER);
  if (value === null || !ISO_INSTANT.test(value)) return null;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 2000 || year > 9999 ? null : date;
}

export interface DeviceContactOptions {
  /** A test clock for the contact time and the interval; omitted, the database's time is stored. */
  now?: () => Date;
  /** Where a failed write is told (it never fails the request). */
  warn: (error: unknown) => void;
}

export function createDeviceContact(db: Db, options: DeviceContactOptions) {
  const hot = hotDriverOf(db);
  /** Device (by API key and how it is named) → when this process last wrote its contact. */
  const lastWritten = new Map<string, number>();
  const clock = () => options.now?.().getTime() ?? Date.now();

  return {
    /**
     * Stores the contact of the request's device when this process has not for `CONTACT_INTERVAL_MS`;
     * resolves when written (or skipped), never rejects.
     */
    async report(
      apiKey: string,
      device: RequestDevice,
      headers: Record<string, unknown>,
      barra: string | null,
    ): Promise<void> {
      if (device.tokenHash === null && device.deviceId === null) return;
      // The key and ids are free text: a separator none can contain keeps them apart.
      const key = `${apiKey}\u0000${device.tokenHash ?? ''}\u0000${device.deviceId ?? ''}`;
      const at = clock();
      const last = lastWritten.get(key);
      if (last !== undefined && at - last < CONTACT_INTERVAL_MS) return;
      lastWritten.delete(key);
      lastWritten.set(key, at);
      if (lastWritten.size > MAX_REMEMBERED) lastWritten.delete(lastWritten.keys().next().value as string);
      try {
        await hot.rows(reportContact, [
          apiKey,
          device.tokenHash,
          device.tokenHash === null ? device.deviceId : null,
          options.now ? new Date(at).toISOString() : null,
          pendingOf(headers),
          offlineDataOf(headers)?.toISOString() ?? null,
          barra,
        ]);
      } catch (error) {
        options.warn(error);
      }
    },
  };
}

export type DeviceContact = ReturnType<typeof createDeviceContact>;
