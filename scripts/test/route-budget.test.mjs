import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { gzipSize, measureRoutes, report, routeFiles } from '../route-budget.mjs';

/** A build manifest as Vite writes it: two pages sharing React, a lazy camera decoder and its worker. */
const manifest = {
  'scanner.html': { file: 'assets/scanner.js', isEntry: true, imports: ['_react.js', '_panel.js'] },
  'index.html': {
    file: 'assets/main.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/landing.tsx', 'src/orders.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_panel.js': {
    file: 'assets/panel.js',
    imports: ['_react.js'],
    dynamicImports: ['node_modules/qr-scanner/qr-scanner.min.js'],
    css: ['assets/panel.css'],
  },
  'node_modules/qr-scanner/qr-scanner.min.js': {
    file: 'assets/qr-scanner.min.js',
    isDynamicEntry: true,
    dynamicImports: ['node_modules/qr-scanner/qr-scanner-worker.min.js'],
  },
  'node_modules/qr-scanner/qr-scanner-worker.min.js': { file: 'assets/qr-scanner-worker.min.js' },
  'src/landing.tsx': { file: 'assets/landing.js', isDynamicEntry: true, imports: ['index.html', '_form.js'] },
  'src/orders.tsx': { file: 'assets/orders.js', isDynamicEntry: true },
  '_form.js': { file: 'assets/form.js' },
};

const scanner = { entry: 'scanner.html', followDynamic: true, exclude: [/qr-scanner-worker/] };
const landing = { entry: 'index.html', lazy: ['src/landing.tsx'] };

describe('routeFiles', () => {
  it('counts the static imports and the dynamic ones except the excluded worker, each file once', () => {
    expect(routeFiles(manifest, scanner)).toEqual([
      'assets/scanner.js',
      'assets/react.js',
      'assets/panel.js',
      'assets/qr-scanner.min.js',
    ]);
  });

  it('counts only the named lazy pages of an entry whose dynamic imports are not followed', () => {
    expect(routeFiles(manifest, landing)).toEqual([
      'assets/main.js',
      'assets/react.js',
      'assets/landing.js',
      'assets/form.js',
    ]);
  });

  it('fails on a key the manifest does not have', () => {
    expect(() => routeFiles(manifest, { entry: 'missing.html' })).toThrow('missing.html');
  });
});

describe('measureRoutes', () => {
  // Random bytes do not compress: gzipped, they stay above their length.
  const assets = { 'assets/react.js': randomBytes(5000) };
  const readAsset = (file) => assets[file] ?? Buffer.from('export{}');

  it('sums the gzipped sizes and compares them with the budget; a null budget only informs', () => {
    const table = [
      { route: '/scanner', ...scanner, budget: 100_000 },
      { route: '/tight', ...scanner, budget: 100 },
      { route: '/', ...landing, budget: null },
    ];
    const [roomy, tight, info] = measureRoutes(manifest, readAsset, table);
    expect(roomy.files.map(({ file }) => file)).toEqual(routeFiles(manifest, scanner));
    expect(roomy.total).toBe(gzipSize(assets['assets/react.js']) + 3 * gzipSize(Buffer.from('export{}')));
    expect(roomy.total).toBeGreaterThan(5000);
    expect(roomy.ok).toBe(true);
    expect(tight.ok).toBe(false);
    expect(info.ok).toBe(true);
    expect(report([roomy, tight, info])).toMatch(/\/tight\s+[\d.]+ kB\s+0\.1 kB\s+OVER/);
  });
});
