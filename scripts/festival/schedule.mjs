// The festival night's plan: how long it lasts, which devices stand at which bar, and when each
// fault happens. Pure and seeded, so a failing night can be run again exactly (`--seed`).
// docs/decisions/071-festival-rehearsal.md explains the time compression.

/** The two sizes of the rehearsal: the night an organizer would ask about, and the one CI runs. */
export const MODES = {
  full: {
    days: 3,
    // 3 days of 180 s: 1 real second stands for 8 festival minutes (24 h / 180 s = 480).
    daySeconds: 180,
    guests: 10_000,
    devices: 40,
    chromiumDevices: 2,
    barsInUse: 20,
    // Each bar's network cut: 1–3 minutes, as the issue of a venue's Wi-Fi asks.
    cutSeconds: [60, 180],
    restartDownSeconds: 5,
  },
  short: {
    days: 2,
    daySeconds: 30,
    guests: 1_000,
    devices: 8,
    chromiumDevices: 2,
    barsInUse: 4,
    cutSeconds: [8, 15],
    restartDownSeconds: 3,
  },
};

/** A small, fast, seedable generator (mulberry32): the same seed gives the same night. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random, [low, high]) => low + random() * (high - low);

/**
 * The bars the night uses (the event has all of them) and the devices at each: two per bar, the
 * Chromium pages first at the first bars, VIP bars last so that bar-restricted tickets are served
 * there and refused elsewhere.
 */
export function placeDevices({ bars, mode }) {
  const { barsInUse, devices, chromiumDevices } = MODES[mode];
  const vip = bars.filter((bar) => bar.startsWith('VIP'));
  const normal = bars.filter((bar) => !bar.startsWith('VIP'));
  const inUse = [...normal.slice(0, barsInUse - Math.min(2, vip.length)), ...vip.slice(0, 2)].slice(
    0,
    barsInUse,
  );
  return Array.from({ length: devices }, (_, i) => {
    const barra = inUse[i % inUse.length];
    return {
      name: `${i < chromiumDevices ? 'Chromium' : 'Barra'} ${String(i + 1).padStart(2, '0')}`,
      barra,
      kind: i < chromiumDevices ? 'chromium' : 'protocol',
    };
  });
}

/**
 * When each fault happens, in seconds from the night's start. Every bar in use is cut once for a
 * random 1–3 minutes (scaled in the short mode), starting at a random moment that leaves the cut
 * inside the night; the first two protocol bars' cuts overlap for the shared-QR scene. The server
 * kill, the connection kill, the database restart, the revocation and the re-import come at fixed
 * fractions of the night with a random jitter, apart from each other so each one's effect is seen.
 */
export function planFaults({ mode, seed, devices }) {
  const config = MODES[mode];
  const night = config.days * config.daySeconds;
  const random = seededRandom(seed);
  const bars = [...new Set(devices.map((device) => device.barra))];
  const margin = night * 0.05;
  const cuts = bars.map((bar) => {
    const seconds = between(random, config.cutSeconds);
    const from = between(random, [margin, Math.max(margin, night - margin - seconds)]);
    return { bar, from, to: from + seconds };
  });
  // The shared QR: two bars with protocol devices only, cut together for a while.
  const protocolBars = bars.filter((bar) =>
    devices.filter((device) => device.barra === bar).every((device) => device.kind === 'protocol'),
  );
  const [barA, barB] = protocolBars;
  const sharedAt = night * 0.3 + random() * night * 0.1;
  const overlap = Math.min(...config.cutSeconds) * 0.8;
  for (const cut of cuts) {
    if (cut.bar === barA || cut.bar === barB) {
      const seconds = cut.to - cut.from;
      cut.from = sharedAt - overlap / 2 - (cut.bar === barA ? 0 : overlap * 0.1);
      cut.to = cut.from + seconds;
    }
  }
  const jitter = () => (random() - 0.5) * night * 0.04;
  const revokable = devices.filter(
    (device) => device.kind === 'protocol' && ![barA, barB].includes(device.barra),
  );
  return {
    night,
    cuts,
    sharedQr: { at: sharedAt, bars: [barA, barB] },
    sigkill: { at: night * 0.22 + jitter(), process: 'A', downSeconds: config.restartDownSeconds },
    reimport: { at: night * 0.45 + jitter() },
    terminate: { at: night * 0.55 + jitter() },
    revoke: { at: night * 0.62 + jitter(), device: revokable[Math.floor(random() * revokable.length)].name },
    databaseRestart: { at: night * 0.78 + jitter(), downSeconds: config.restartDownSeconds },
  };
}

/** The instants (seconds from the night's start) that end each festival day but the last. */
export function dayEnds(mode) {
  const { days, daySeconds } = MODES[mode];
  return Array.from({ length: days - 1 }, (_, i) => (i + 1) * daySeconds);
}
