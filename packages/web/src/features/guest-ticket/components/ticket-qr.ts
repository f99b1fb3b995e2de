import { qrPath } from '../utils/qr-matrix';
import { svg } from './dom';

/**
 * The ticket's QR code as the bar's scanner reads it from a phone screen: black modules on white,
 * a quiet zone of four modules, sharp edges, at least 260 CSS pixels wide (the page's styles).
 */
export function ticketQr(code: string): SVGElement {
  const { size, path } = qrPath(code);
  return svg(
    'svg',
    {
      viewBox: `0 0 ${size} ${size}`,
      role: 'img',
      'aria-label': 'Código QR del ticket',
      'shape-rendering': 'crispEdges',
      class: 'block h-auto w-full',
      'data-qr': '',
    },
    svg('rect', { width: String(size), height: String(size), fill: '#fff' }),
    svg('path', { d: path, fill: '#000' }),
  );
}
