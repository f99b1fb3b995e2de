import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  gzipSize,
  measureRoutes,
  measureWorkers,
  precacheUrls,
  report,
  reportWorkers,
  routeFiles,
  routes,
  workers,
} from '../route-budget.mjs';

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

describe('the budgets of a first visit', () => {
  it('checks every page a visitor can open first, the guest page and the organizer list included', () => {
    const budgeted = routes.filter(({ budget }) => budget !== null).map(({ route }) => route);
    expect(budgeted).toEqual(['/scanner/{apiKey}', '/t/{token}', '/', '/login', '/organizer/eventos']);
    expect(workers.map(({ worker }) => worker)).toEqual(['scanner-sw.js', 'guest-sw.js']);
  });
});

/** A worker's script as vite-plugin-pwa writes it: minified, its precache list injected inline. */
const workerSource = (entries) =>
  `var a=()=>{};self.addEventListener("install",()=>{}),H(),G(${JSON.stringify(entries)});var Y=e=>e;`;

describe('precacheUrls', () => {
  it('reads the URLs of the list injected in place of self.__WB_MANIFEST', () => {
    const source = workerSource([
      { revision: 'aeab2e9e', url: 'scanner.html' },
      { revision: null, url: 'assets/react.js' },
      { revision: 'e28f2898', url: 'icons/scanner-192.png' },
    ]);
    expect(precacheUrls(source)).toEqual(['scanner.html', 'assets/react.js', 'icons/scanner-192.png']);
  });

  it('fails on a worker without a list, so that a change of the build cannot skip the check', () => {
    expect(() => precacheUrls('precacheAndRoute(self.__WB_MANIFEST)', 'scanner-sw.js')).toThrow(
      'scanner-sw.js has no precache list',
    );
  });
});

describe('measureWorkers', () => {
  const big = randomBytes(20_000);
  const entries = [
    { revision: 'r1', url: 't.html' },
    { revision: null, url: 'assets/big.js' },
  ];
  const assets = { 'sw.js': Buffer.from(workerSource(entries)), 'assets/big.js': big };
  const readAsset = (file) => assets[file] ?? Buffer.from('<!doctype html>');
  const row = { worker: 'sw.js', maxFiles: 2, maxPrecacheGzip: 25_000, maxScriptGzip: 1_000 };

  it("sums the gzipped sizes of the files it precaches and weighs the worker's own script", () => {
    const [result] = measureWorkers(readAsset, [row]);
    expect(result.files.map(({ file }) => file)).toEqual(['t.html', 'assets/big.js']);
    expect(result.precacheGzip).toBe(gzipSize(Buffer.from('<!doctype html>')) + gzipSize(big));
    expect(result.precacheGzip).toBeGreaterThan(20_000);
    expect(result.scriptGzip).toBe(gzipSize(assets['sw.js']));
    expect(result.ok).toBe(true);
    expect(reportWorkers([result])).toMatch(/sw\.js\s+2\/2\s+[\d.]+ kB\/25\.0 kB\s+[\d.]+ kB\/1\.0 kB\s+ok/);
  });

  it('is over when the list has a file too many, weighs too much or the script is too big', () => {
    const [files, bytes, script] = measureWorkers(readAsset, [
      { ...row, maxFiles: 1 },
      { ...row, maxPrecacheGzip: 20_000 },
      { ...row, maxScriptGzip: 50 },
    ]);
    expect(files.over).toEqual(['2 files > 1']);
    expect(bytes.over).toEqual([expect.stringMatching(/^precache [\d.]+ kB > 20\.0 kB$/)]);
    expect(script.over).toEqual([expect.stringMatching(/^script [\d.]+ kB > 0\.1 kB$/)]);
    expect([files.ok, bytes.ok, script.ok]).toEqual([false, false, false]);
    expect(reportWorkers([files])).toContain('OVER: 2 files > 1');
  });

  it('fails when a file of the list is not in the build', () => {
    const missing = (file) => {
      if (file === 'assets/big.js') throw new Error(`ENOENT: ${file}`);
      return readAsset(file);
    };
    expect(() => measureWorkers(missing, [row])).toThrow('assets/big.js');
  });
});
