import { ONLINE_MINUTES, PAIRING_MINUTES, type BoardDevice } from '@drinkflow/domain/devices';

const MINUTE = 60_000;

/** 'En línea' while the last contact is less than ONLINE_MINUTES old (docs/rules/devices.md). */
export function isOnline(device: Pick<BoardDevice, 'ultimoContacto' | 'revocadoEn'>, now: number): boolean {
  if (device.revocadoEn || !device.ultimoContacto) return false;
  return now - Date.parse(device.ultimoContacto) < ONLINE_MINUTES * MINUTE;
}

/**
 * When a code stops working on this screen: its `caducaEn`, but never later than PAIRING_MINUTES
 * after it arrived, so a computer clock that runs late does not show a code alive after the server
 * refuses it.
 */
export const pairingDeadline = (caducaEn: string, receivedAt: number) =>
  Math.min(Date.parse(caducaEn), receivedAt + PAIRING_MINUTES * MINUTE);

/** "9:41": minutes and seconds left, rounded up so 0:00 shows only when the time is over. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "hace 3 min", "hace 2 h": how old a date is, for the last contact and the offline data. */
export function formatAge(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / MINUTE));
  if (minutes < 1) return 'hace menos de 1 min';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `hace ${hours} h`;
  return `hace ${Math.floor(hours / 24)} días`;
}
