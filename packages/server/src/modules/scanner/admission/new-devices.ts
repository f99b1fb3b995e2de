import type { Db } from '../../../db/client';
import { hotDriverOf, type HotStatement } from '../../../db/hot-statements';
import { KNOWN_DEVICE_BUCKET, tooManyRequests, windowAt } from '../../../http/rate-limits';
import { abuseLimitMessages, scannerRateLimits } from './limits';

/**
 * New link devices per address (docs/decisions/051): a `deviceId` the event has not seen in the
 * current or the previous day window is new, and one address may introduce at most
 * `newDevicesPerAddress` of them per API key in `newDeviceWindowMs`; beyond that the request is
 * refused and the device stays unknown, so naming a fresh id on every request cannot escape the
 * per-device limit. Known devices are rows of `rate_counters` (bucket `scanner-device-seen`, one per
 * event, device and day), shared by every server process like the other scanner limits; this
 * process remembers the devices it admitted until their day window ends, so a known device's
 * requests cost nothing more. An admitted device also gets its `dispositivos` row (tipo 'enlace',
 * the first time the event sees it) in the same statement, so the organizer's board lists it and
 * can revoke it (docs/decisions/062). A request with a device token is not a link device: it never
 * comes here.
 */

/**
 * $1 API key, $2 device, $3 the previous day window's start, $4 address, $5 the new-device
 * window's start, $6 this day window's start, $7 the most new devices an address may introduce,
 * $8 the bar the request names. Whether the key's event exists and has seen the device; when it has
 * not, the address's count of new devices with this one, and the device recorded as known (and its
 * link device row created) only while that count is allowed.
 */
export const admitDeviceStatement: HotStatement = {
  name: 'drinkflow_scanner_admit_device',
  text: `
    with e as (
      select id from eventos where api_key = $1
    ), seen as (
      select 1 from rate_counters r join e on r.key = e.id::text || ':' || $2
       where r.bucket = '${KNOWN_DEVICE_BUCKET}' and r.window_start >= $3::timestamptz
    ), fresh as (
      insert into rate_counters (bucket, key, window_start, hits)
      select 'scanner-new-device', e.id::text || ':' || $4, $5::timestamptz, 1
        from e where not exists (select 1 from seen)
      on conflict (bucket, key, window_start) do update set hits = rate_counters.hits + 1
      returning hits
    ), admitted as (
      insert into rate_counters (bucket, key, window_start, hits)
      select '${KNOWN_DEVICE_BUCKET}', e.id::text || ':' || $2, $6::timestamptz, 1
        from e where exists (select 1 from seen) or (select hits from fresh) <= $7
      on conflict (bucket, key, window_start) do nothing
    ), enlace as (
      insert into dispositivos (evento_id, tipo, nombre, barra, device_id)
      select e.id, 'enlace', 'Enlace ' || left($2::text, 8), $8::text, $2
        from e where exists (select 1 from seen) or (select hits from fresh) <= $7
      on conflict (evento_id, device_id) where device_id is not null do nothing
    )
    select (select count(*) from e)::int as evento, exists (select 1 from seen) as seen,
           (select hits from fresh) as fresh`,
};

interface AdmissionRow {
  evento: number;
  seen: boolean;
  fresh: number | string | null;
}

/** The allowance with the limits off: every device is admitted (and gets its row). */
const UNLIMITED = 2_147_483_647;

/** Admitted devices this process remembers; beyond this the oldest are asked about again. */
const MAX_REMEMBERED = 20_000;

export interface DeviceAdmissionOptions {
  /** false: no limit (SCANNER_RATE_LIMIT=0 turns every scanner limit off); the row is still made. */
  enabled: boolean;
  now: () => Date;
}

export function createDeviceAdmission(db: Db, options: DeviceAdmissionOptions) {
  const hot = hotDriverOf(db);
  const { newDevicesPerAddress, newDeviceWindowMs, knownDeviceWindowMs } = scannerRateLimits;
  /** API key and device → when this process asks about them again (the end of their day window). */
  const admitted = new Map<string, number>();

  function remember(key: string, until: number) {
    admitted.set(key, until);
    if (admitted.size > MAX_REMEMBERED) admitted.delete(admitted.keys().next().value as string);
  }

  return {
    /**
     * Resolves when `deviceId` may use `apiKey` from `ip`; 429 when it is a new device beyond the
     * address's allowance. An unknown key passes here (the key lookup answers it). `barra`: the bar
     * a new link device's row starts with.
     */
    async admit(
      apiKey: string,
      ip: string,
      deviceId: string | null,
      barra: string | null = null,
    ): Promise<void> {
      if (deviceId === null) return;
      const allowance = options.enabled ? newDevicesPerAddress : UNLIMITED;
      // The key is free text: a separator no key or device id can contain keeps them apart.
      const key = `${apiKey}\u0000${deviceId}`;
      const at = options.now().getTime();
      const until = admitted.get(key);
      if (until !== undefined && at < until) return;
      const day = windowAt(at, knownDeviceWindowMs);
      const newDevices = windowAt(at, newDeviceWindowMs);
      const [row] = await hot.rows<AdmissionRow>(admitDeviceStatement, [
        apiKey,
        deviceId,
        new Date(day.windowStart.getTime() - knownDeviceWindowMs).toISOString(),
        ip,
        newDevices.windowStart.toISOString(),
        day.windowStart.toISOString(),
        allowance,
        barra,
      ]);
      if (!row || row.evento === 0) return;
      if (row.seen || Number(row.fresh) <= allowance) {
        remember(key, day.windowStart.getTime() + knownDeviceWindowMs);
        return;
      }
      throw tooManyRequests(abuseLimitMessages.newDevices, newDevices.retryAfterSeconds);
    },
  };
}

export type DeviceAdmission = ReturnType<typeof createDeviceAdmission>;
