import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrPath } from '@/features/guest-ticket/utils/qr-matrix';

/** The dark cells a path of row runs ("M x y h n v1 h-n z") paints. */
function paintedCells(path: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, n] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(n); i++) cells.add(`${Number(x) + i},${y}`);
  }
  return cells;
}

describe('qrPath', () => {
  it("paints exactly the code's dark modules, inside a quiet zone of four modules", () => {
    const code = 'dfq_7Hk2pQx9LmZ3vB8nR4tY';
    const { modules } = create(code, { errorCorrectionLevel: 'M' });
    const { size, path } = qrPath(code);

    expect(QUIET_ZONE).toBe(4);
    expect(size).toBe(modules.size + 8);
    const expected = new Set<string>();
    for (let y = 0; y < modules.size; y++) {
      for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) expected.add(`${x + 4},${y + 4}`);
    }
    expect(paintedCells(path)).toEqual(expected);
  });
});
