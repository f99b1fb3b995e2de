/** The pairing pages' paths: /emparejar, and /emparejar/{codigo} from the organizer's QR. */
export const pairingPath = (code?: string) =>
  code ? `/emparejar/${encodeURIComponent(code)}` : '/emparejar';

/**
 * The code in a pairing URL as it came ('' for /emparejar), or null when the path is not a
 * pairing page.
 */
export function pairingCodeFromPath(pathname: string): string | null {
  const match = /^\/emparejar(?:\/([^/]*))?\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1] ?? '').trim();
  } catch {
    return '';
  }
}
