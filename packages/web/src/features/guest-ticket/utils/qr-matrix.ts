import { create } from 'qrcode';

/** Modules of light margin on each side: the QR standard's quiet zone (a phone's camera needs it). */
export const QUIET_ZONE = 4;

/**
 * The QR code of `text` as one SVG path of its dark modules (row runs), in module units with the
 * quiet zone included: `size` is the side of the whole square, margin included.
 */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let y = 0; y < n; y++) {
    let x = 0;
    while (x < n) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < n && modules.get(y, x)) x++;
      path += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`;
    }
  }
  return { size: n + 2 * QUIET_ZONE, path };
}
