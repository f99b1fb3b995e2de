import { describe, expect, it } from 'vitest';
import { linkScannerManifest } from '@/features/scanner/pwa/link-scanner-manifest';
import { filesOfPage, scannerPrecache, type BuildManifest } from '@/features/scanner/pwa/precache-set';

// The installable scanner (docs/decisions/034): what its service worker keeps, and its manifest link.

/** A build manifest as Vite writes it: the scanner and the organizer's app sharing React. */
const manifest: BuildManifest = {
  'scanner.html': {
    file: 'assets/scanner.js',
    imports: ['_react.js', '_panel.js'],
    dynamicImports: ['node_modules/workbox-window/build/workbox-window.prod.es5.mjs'],
  },
  'index.html': { file: 'assets/main.js', imports: ['_react.js'], dynamicImports: ['src/orders.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_panel.js': {
    file: 'assets/panel.js',
    imports: ['_react.js'],
    dynamicImports: ['node_modules/qr-scanner/qr-scanner.min.js'],
    css: ['assets/panel.css'],
    assets: ['assets/beep.mp3'],
  },
  'node_modules/qr-scanner/qr-scanner.min.js': {
    file: 'assets/qr-scanner.min.js',
    dynamicImports: ['node_modules/qr-scanner/qr-scanner-worker.min.js'],
  },
  'node_modules/qr-scanner/qr-scanner-worker.min.js': { file: 'assets/qr-scanner-worker.min.js' },
  'node_modules/workbox-window/build/workbox-window.prod.es5.mjs': { file: 'assets/workbox-window.js' },
  'src/orders.tsx': { file: 'assets/orders.js', css: ['assets/orders.css'] },
};

const candidate = (url: string) => ({ url, size: 100, revision: url.startsWith('assets/') ? null : 'r1' });

describe('filesOfPage', () => {
  it("collects the scanner's chunks, stylesheets and assets, the camera decoder's worker included", () => {
    expect([...filesOfPage(manifest, 'scanner.html')].sort()).toEqual([
      'assets/beep.mp3',
      'assets/panel.css',
      'assets/panel.js',
      'assets/qr-scanner-worker.min.js',
      'assets/qr-scanner.min.js',
      'assets/react.js',
      'assets/scanner.js',
      'assets/workbox-window.js',
    ]);
  });

  it('fails on an entry the manifest does not have', () => {
    expect(() => filesOfPage(manifest, 'missing.html')).toThrow('missing.html');
  });
});

describe('scannerPrecache', () => {
  const pageFiles = filesOfPage(manifest, 'scanner.html');
  const found = [
    'scanner.html',
    'favicon.svg',
    'icons/scanner-192.png',
    ...pageFiles,
    'assets/main.js',
    'assets/orders.js',
    'assets/orders.css',
  ].map(candidate);

  it("keeps the scanner's files and the public ones, leaves out the organizer's app", () => {
    const urls = scannerPrecache(found, pageFiles).map(({ url }) => url);

    expect(urls).toContain('scanner.html');
    expect(urls).toContain('icons/scanner-192.png');
    expect(urls).toContain('assets/qr-scanner-worker.min.js');
    expect(urls).not.toContain('assets/main.js');
    expect(urls).not.toContain('assets/orders.js');
    expect(urls).not.toContain('assets/orders.css');
  });

  it('fails the build when a file the scanner loads was not found by the glob', () => {
    const withoutSound = found.filter(({ url }) => url !== 'assets/beep.mp3');

    expect(() => scannerPrecache(withoutSound, pageFiles)).toThrow('assets/beep.mp3');
  });
});

describe('linkScannerManifest', () => {
  it("links this key's web app manifest once", () => {
    document.head.innerHTML = '';
    linkScannerManifest('clave_de-la-barra-01234567');
    linkScannerManifest('clave_de-la-barra-01234567');

    const links = document.head.querySelectorAll('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/scanner/clave_de-la-barra-01234567/manifest.webmanifest');
  });

  it('links nothing without a key', () => {
    document.head.innerHTML = '';
    linkScannerManifest('');

    expect(document.head.querySelector('link[rel="manifest"]')).toBeNull();
  });
});
