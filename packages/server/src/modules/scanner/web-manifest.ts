import { scannerKeyParams } from '@drinkflow/domain/scanner';
import type { AppContext } from '../../app-context';
import { createScannerLimiter } from './admission/event-of-key';

/*
 * The installable bar scanner's web app manifest, one per event (docs/decisions/034): installed
 * from /scanner/{apiKey}, the app opens that event's scanner. The scanner page links it
 * (packages/web/src/features/scanner/pwa/link-scanner-manifest.ts); its icons are files of the web
 * build (packages/web/public/icons/), kept by the scanner's service worker.
 */

/** scanner.html's theme-color: the scanner's dark background (Tailwind slate-950). */
export const SCANNER_THEME_COLOR = '#020617';

export const MANIFEST_CONTENT_TYPE = 'application/manifest+json; charset=utf-8';

/** The manifest of the scanner of the event whose API key is `apiKey`. */
export function scannerManifest(apiKey: string) {
  const home = `/scanner/${encodeURIComponent(apiKey)}`;
  return {
    // Each event's scanner is an app of its own: two events can be installed side by side.
    id: home,
    name: 'DrinkFlow Escáner',
    short_name: 'Escáner',
    description:
      'Escáner de DrinkFlow para la barra: valida el QR de cada invitado y registra su consumición.',
    lang: 'es',
    dir: 'ltr',
    start_url: home,
    scope: home,
    display: 'standalone',
    theme_color: SCANNER_THEME_COLOR,
    background_color: SCANNER_THEME_COLOR,
    icons: [
      { src: '/icons/scanner-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/scanner-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/scanner-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * GET /scanner/{apiKey}/manifest.webmanifest. The key is checked as the scanner's API does: an
 * unknown one is the API's Spanish 404 and counts towards the same guessing limit per address
 * (then 429). A known key's request is not counted in the bar's request windows (it is not a scan).
 * Cache-Control no-cache: the browser asks again and a changed manifest reaches installed apps.
 */
export function registerScannerManifest({ app, db }: AppContext): void {
  const keys = createScannerLimiter(db, { perMinute: 0, perAddress: 0, now: () => new Date() });
  app.get(
    '/scanner/:apiKey/manifest.webmanifest',
    { schema: { params: scannerKeyParams } },
    async (request, reply) => {
      await keys.eventFor(request.params.apiKey, { ip: request.ip, deviceId: null, tokenHash: null });
      return reply
        .header('cache-control', 'no-cache')
        .type(MANIFEST_CONTENT_TYPE)
        .send(JSON.stringify(scannerManifest(request.params.apiKey)));
    },
  );
}
