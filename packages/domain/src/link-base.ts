import { z } from 'zod';

/**
 * The base of the absolute guest links the organizer sends (docs/rules/guests.md#links-that-cannot-work,
 * docs/decisions/064): `PUBLIC_URL`, or the origin the request came to. A base on this computer's
 * loopback (localhost, 127.x, ::1) makes links a guest's phone cannot open.
 */
export const linkBase = z.object({
  /** Absolute, without a trailing slash: `https://fiesta.example.org`. */
  base: z.string(),
  /** Whether the base is this computer's loopback (`isLocalLinkBase`). */
  local: z.boolean(),
});
export type LinkBase = z.infer<typeof linkBase>;

/** What every screen that sends links shows, before sending, when the base is local. */
export const LOCAL_LINKS_WARNING =
  'Los enlaces apuntarán a este ordenador y los invitados no podrán abrirlos. Configura PUBLIC_URL.';

// The URL parser already writes every spelling of an address one way: `127.1` and `2130706433`
// become `127.0.0.1`, `[0:0::1]` becomes `[::1]`, `[::ffff:127.0.0.1]` becomes `[::ffff:7f00:1]`.
const LOOPBACK_IPV4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
const LOOPBACK_IPV6 = /^\[(?:::1|::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4})\]$/;

/**
 * Whether an absolute base points at the computer that opens it: the name `localhost` (and its
 * subdomains, which resolve to loopback), an IPv4 address 127.x.x.x, or IPv6 `::1` (also an IPv4
 * loopback written as IPv6). Any other host — a real name, a LAN address — is not local; neither is
 * something that is not a URL (no base at all).
 */
export function isLocalLinkBase(base: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(base).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    LOOPBACK_IPV4.test(hostname) ||
    LOOPBACK_IPV6.test(hostname)
  );
}

/** `{base, local}` of an absolute base, without its trailing slashes. */
export const describeLinkBase = (base: string): LinkBase => {
  const trimmed = base.replace(/\/+$/, '');
  return { base: trimmed, local: isLocalLinkBase(trimmed) };
};
