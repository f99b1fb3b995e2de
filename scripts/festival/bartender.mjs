/**
 * One bar's bartender through the night: scans at a realistic pace, with the mix a festival bar
 * sees — mostly guests whose ticket is valid here; the same code read again seconds later (a guest
 * asking twice, a handheld reading twice); regulars who reach their daily limit; refunded guests;
 * a VIP wristband at a normal bar; now and then the last drink undone; and a 'Bono 2 copas' guest
 * with no drinks left sent to the supervisor's phone for a top-up, who comes back to the bar.
 * Guests are drawn from a pool shared by every bar (an array the night may add late sales to), so
 * one guest visits several bars.
 */

/** Odds of each kind of scan; the rest are guests drawn at random among those valid here. */
export const DEFAULT_MIX = {
  /** A regular of this bar (drinks often: reaches the per-day limit). */
  regular: 0.2,
  /** A guest whose ticket names other bars (a VIP wristband at a normal bar). */
  wrongBar: 0.03,
  /** A guest the pool marks as refunded or invalidated (`invalidado: true`), when there is one. */
  invalidated: 0.02,
  /** After a scan, the same code read again a few seconds later. */
  repeat: 0.06,
  /** After a drink served, the bartender undoes it. */
  undo: 0.02,
  /** A voucher guest with no drinks left goes to the supervisor for a top-up. */
  topUp: 0.6,
};

const REGULARS = 12;
const TOP_UP_DRINKS = 2;
const VOUCHER = 'Bono 2 copas';
/**
 * How long a guest takes to come back (ms, between the two): a repeat read (past the page's 3 s in
 * which it sends a repeated code nothing), and back from the supervisor with a top-up.
 */
export const DEFAULT_RETURNS = { repeatAfterMs: [3_500, 9_000], backFromSupervisorMs: [15_000, 45_000] };
const NAP_MS = 250;

const servesHere = (guest, barra) =>
  !guest.barrasPermitidas?.length || guest.barrasPermitidas.includes(barra);

/**
 * @typedef {{ qrCode: string, ticketId: number, tipo: string, barrasPermitidas?: string[] | null,
 *   invalidado?: boolean }} Guest
 * @typedef {{ api: { request(method: string, path: string, options?: object): Promise<{ status: number, body: any }> },
 *   headers: Record<string, string> }} Supervisor
 */

/**
 * Runs until `shouldStop()` (or the device is revoked). Resolves with what the bartender did.
 * @param {{
 *   device: { name: string, scan(qr: string, choice?: object): Promise<any>, undo?(scanId: string): Promise<any>,
 *     undoLast?(): Promise<any>, note?(line: object): void, state(): { barra?: string } },
 *   barra?: string,
 *   guests: Guest[],
 *   paceAt?: (nowMs: number) => number,
 *   mix?: Partial<typeof DEFAULT_MIX>,
 *   rng?: () => number,
 *   shouldStop: () => boolean,
 *   supervisor?: Supervisor,
 *   returns?: Partial<typeof DEFAULT_RETURNS>,
 * }} options paceAt: mean seconds between two scans at this bar at that moment (4–10: busier at
 *   peaks); each wait is drawn between 0.6 and 1.4 times it
 */
export async function runBartender({
  device,
  barra = device.state().barra,
  guests,
  paceAt = () => 7,
  mix: mixOverrides = {},
  rng = Math.random,
  shouldStop,
  supervisor,
  returns: returnOverrides = {},
}) {
  const mix = { ...DEFAULT_MIX, ...mixOverrides };
  const returns = { ...DEFAULT_RETURNS, ...returnOverrides };
  const now = Date.now;
  const between = ([low, high]) => low + (high - low) * rng();
  const stats = { scans: 0, served: 0, refused: 0, offline: 0, repeats: 0, undos: 0, topUps: 0, wrongBar: 0 };
  /** Guests who will come back to this bar at `at` (a repeat read, back from the supervisor). */
  const returning = [];
  /** @type {Guest[]} */
  const regulars = [];
  /** Top-ups on their way, by QR code. */
  const topUpsInFlight = new Map();

  /** A guest drawn at random from the shared pool that `wanted` accepts (a few tries), or null. */
  const draw = (wanted) => {
    for (let attempt = 0; attempt < 40 && guests.length > 0; attempt += 1) {
      const guest = guests[Math.floor(rng() * guests.length)];
      if (wanted(guest)) return guest;
    }
    return null;
  };
  const validHere = (guest) => !guest.invalidado && servesHere(guest, barra);

  const nextGuest = () => {
    const due = returning.findIndex((visit) => visit.at <= now());
    if (due >= 0) return { ...returning.splice(due, 1)[0], kind: 'returning' };
    const roll = rng();
    let threshold = mix.wrongBar;
    if (roll < threshold) {
      const guest = draw((candidate) => !servesHere(candidate, barra));
      if (guest) return { guest, kind: 'wrongBar' };
    }
    threshold += mix.invalidated;
    if (roll < threshold) {
      const guest = draw((candidate) => candidate.invalidado === true);
      if (guest) return { guest, kind: 'invalidated' };
    }
    threshold += mix.regular;
    if (roll < threshold) {
      if (regulars.length < REGULARS) {
        const guest = draw(validHere);
        if (guest) regulars.push(guest);
      }
      if (regulars.length > 0)
        return { guest: regulars[Math.floor(rng() * regulars.length)], kind: 'regular' };
    }
    // A bar that some tickets name (a VIP bar) sees mostly those guests.
    const named =
      rng() < 0.7
        ? draw((candidate) => validHere(candidate) && candidate.barrasPermitidas?.includes(barra))
        : null;
    const guest = named ?? draw(validHere) ?? draw(() => true);
    return guest ? { guest, kind: 'guest' } : null;
  };

  const note = (line) => {
    if (device.note) device.note(line);
  };

  /** The supervisor's phone: +2 drinks on the voucher; the guest comes back later either way. */
  const sendToSupervisor = (guest) => {
    if (!supervisor || topUpsInFlight.has(guest.qrCode)) return;
    const body = { bebidas: TOP_UP_DRINKS, paraHoy: false };
    const done = supervisor.api
      .request('POST', `/api/tickets/${guest.ticketId}/recargas`, { headers: supervisor.headers, body })
      .then(
        ({ status }) => status,
        () => null,
      )
      .then((status) => {
        note({
          kind: 'topup',
          qr: guest.qrCode,
          ticketId: guest.ticketId,
          bebidas: TOP_UP_DRINKS,
          paraHoy: false,
          status,
        });
        if (status === 201) stats.topUps += 1;
        returning.push({ guest, at: now() + between(returns.backFromSupervisorMs) });
      })
      .finally(() => topUpsInFlight.delete(guest.qrCode));
    topUpsInFlight.set(guest.qrCode, done);
  };

  const pause = async (ms) => {
    const until = now() + ms;
    while (!shouldStop() && now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(NAP_MS, Math.max(0, until - now()))));
    }
  };

  while (!shouldStop()) {
    const started = now();
    const next = nextGuest();
    if (next) {
      const { guest, kind } = next;
      const verdict = await device.scan(guest.qrCode);
      // A revoked device scans no more.
      if (verdict?.skipped || verdict?.kind === 'revoked') break;
      if (verdict && verdict.kind !== 'repeat') {
        stats.scans += 1;
        if (kind === 'returning' && next.repeat) stats.repeats += 1;
        if (kind === 'wrongBar') stats.wrongBar += 1;
        if (verdict.via === 'offline') stats.offline += 1;
        if (verdict.served) stats.served += 1;
        else stats.refused += 1;
        if (verdict.served && rng() < mix.undo) {
          const undone = device.undo ? await device.undo(verdict.scanId) : await device.undoLast?.();
          if (undone?.undone) stats.undos += 1;
        } else if (
          !verdict.served &&
          verdict.reason === 'agotado' &&
          guest.tipo === VOUCHER &&
          rng() < mix.topUp
        ) {
          sendToSupervisor(guest);
        } else if (kind !== 'returning' && rng() < mix.repeat) {
          returning.push({ guest, at: now() + between(returns.repeatAfterMs), repeat: true });
        }
      }
    }
    const meanMs = Math.max(0, paceAt(now())) * 1000;
    await pause(Math.max(0, meanMs * (0.6 + 0.8 * rng()) - (now() - started)));
  }
  await Promise.allSettled(topUpsInFlight.values());
  return stats;
}
