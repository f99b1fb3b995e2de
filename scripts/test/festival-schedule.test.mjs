import { describe, expect, it } from 'vitest';
import { hourMinute, nextWholeMinute } from '../festival/festival-clock.mjs';
import { dayEnds, MODES, placeDevices, planFaults, seededRandom } from '../festival/schedule.mjs';

const BARS = [...Array.from({ length: 18 }, (_, i) => `Barra ${i + 1}`), 'VIP Norte', 'VIP Sur'];

describe('the night plan', () => {
  it('places 40 devices two per bar over the 20 bars, the first two real Chromium pages', () => {
    const devices = placeDevices({ bars: BARS, mode: 'full' });
    expect(devices).toHaveLength(40);
    expect(devices.filter((device) => device.kind === 'chromium').map((device) => device.barra)).toEqual([
      'Barra 1',
      'Barra 2',
    ]);
    const perBar = new Map();
    for (const device of devices) perBar.set(device.barra, [...(perBar.get(device.barra) ?? []), device]);
    expect(perBar.size).toBe(20);
    expect([...perBar.values()].every((at) => at.length === 2)).toBe(true);
    expect(new Set(devices.map((device) => device.name)).size).toBe(40);
  });

  it('uses four bars, VIP ones included, for the eight devices of the short mode', () => {
    const devices = placeDevices({ bars: BARS, mode: 'short' });
    expect(devices).toHaveLength(8);
    expect(new Set(devices.map((device) => device.barra))).toEqual(
      new Set(['Barra 1', 'Barra 2', 'VIP Norte', 'VIP Sur']),
    );
  });

  for (const mode of ['full', 'short']) {
    describe(`${mode} mode`, () => {
      const devices = placeDevices({ bars: BARS, mode });
      const plan = planFaults({ mode, seed: 7, devices });
      const { cutSeconds, days, daySeconds } = MODES[mode];

      it('is the same night for the same seed and another for another seed', () => {
        expect(planFaults({ mode, seed: 7, devices })).toEqual(plan);
        expect(planFaults({ mode, seed: 8, devices })).not.toEqual(plan);
      });

      it('cuts every bar in use once, for the planned length, inside the night', () => {
        expect(plan.night).toBe(days * daySeconds);
        expect(new Set(plan.cuts.map((cut) => cut.bar))).toEqual(
          new Set(devices.map((device) => device.barra)),
        );
        for (const cut of plan.cuts) {
          expect(cut.to - cut.from).toBeGreaterThanOrEqual(cutSeconds[0]);
          expect(cut.to - cut.from).toBeLessThanOrEqual(cutSeconds[1]);
          expect(cut.from).toBeGreaterThan(0);
          expect(cut.to).toBeLessThan(plan.night);
        }
      });

      it('has both bars of the shared QR offline at its moment, bars without a Chromium page', () => {
        const [a, b] = plan.sharedQr.bars;
        expect(a).not.toBe(b);
        for (const bar of [a, b]) {
          const cut = plan.cuts.find((c) => c.bar === bar);
          expect(cut.from).toBeLessThan(plan.sharedQr.at - 3);
          expect(cut.to).toBeGreaterThan(plan.sharedQr.at + 3);
          expect(devices.filter((device) => device.barra === bar).every((d) => d.kind === 'protocol')).toBe(
            true,
          );
        }
      });

      it('revokes a protocol device away from the shared-QR bars, and orders the other faults', () => {
        const revoked = devices.find((device) => device.name === plan.revoke.device);
        expect(revoked.kind).toBe('protocol');
        expect(plan.sharedQr.bars).not.toContain(revoked.barra);
        const order = [
          plan.sigkill.at,
          plan.reimport.at,
          plan.terminate.at,
          plan.revoke.at,
          plan.databaseRestart.at,
        ];
        expect([...order].sort((x, y) => x - y)).toEqual(order);
        expect(plan.databaseRestart.at + plan.databaseRestart.downSeconds).toBeLessThan(plan.night);
      });
    });
  }

  it('ends every day but the last at a whole multiple of the day', () => {
    expect(dayEnds('full')).toEqual([180, 360]);
    expect(dayEnds('short')).toEqual([30]);
    // A day of the full mode is whole minutes, so each cut-off it moves to is an "HH:mm".
    expect(MODES.full.daySeconds % 60).toBe(0);
  });

  it('draws the same numbers from the same seed, in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
  });
});

describe('the festival clock', () => {
  it('reads "HH:mm" in the servers\' zone, summer and winter', () => {
    expect(hourMinute(new Date('2026-07-10T21:59:30Z'), 'Europe/Madrid')).toBe('23:59');
    expect(hourMinute(new Date('2026-11-28T23:00:00Z'), 'Europe/Madrid')).toBe('00:00');
  });

  it('aims at the next whole minute', () => {
    expect(nextWholeMinute(Date.parse('2026-11-28T14:00:00.000Z'))).toBe(
      Date.parse('2026-11-28T14:00:00.000Z'),
    );
    expect(nextWholeMinute(Date.parse('2026-11-28T14:00:00.001Z'))).toBe(
      Date.parse('2026-11-28T14:01:00.000Z'),
    );
  });
});
