#!/usr/bin/env node
/*
 * What a first visit sends and runs, against a budget (docs/decisions/049). Fails (exit 1) when a
 * page or a service worker is over its budget:
 * - per route, the JS files its page loads (read from dist/.vite/manifest.json, build.manifest in
 *   packages/web/vite.config.ts), each gzipped (zlib level 9), summed;
 * - per service worker (dist/scanner-sw.js, docs/decisions/034, and dist/guest-sw.js, the guest
 *   ticket page's), its precache list — how many files, their gzipped total, which is what its
 *   install downloads beside the page's first load — and the worker script's own gzipped size.
 *
 * Budgets are in bytes, decimal: 120_000 bytes = "120 kB", as Vite prints sizes.
 *
 * Usage: node scripts/route-budget.mjs [distDir]   (default: packages/web/dist)
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * One row per route. `entry` and `lazy` are manifest keys: the page's HTML entry and the lazy
 * chunks its first view loads. `followDynamic` also counts every dynamic import (transitively)
 * except those whose key matches `exclude`. `budget: null` prints the figure without checking it.
 */
export const routes = [
  {
    route: '/scanner/{apiKey}',
    entry: 'scanner.html',
    lazy: [],
    // The camera's decoder (qr-scanner) loads when the camera is turned on and counts; its worker
    // is a separate chunk that only the camera's decoding loads.
    followDynamic: true,
    exclude: [/qr-scanner-worker/],
    budget: 120_000,
  },
  {
    // The guest's ticket page (t.html): no React; the QR encoder is part of its one script. 14.2 kB
    // when this budget was set (docs/decisions/049).
    route: '/t/{token}',
    entry: 't.html',
    lazy: [],
    followDynamic: true,
    exclude: [],
    budget: 16_000,
  },
  {
    // What the landing page needs to paint; the demo form and the toasts load after it (idle or
    // scrolled near), shown on the next row.
    route: '/',
    entry: 'landing.html',
    lazy: [],
    followDynamic: false,
    exclude: [],
    budget: 100_000,
  },
  {
    route: '/ (+ deferred form)',
    entry: 'landing.html',
    lazy: [],
    followDynamic: true,
    exclude: [],
    budget: null,
  },
  {
    // A fresh load of /login (login.html); the toasts load after the form.
    route: '/login',
    entry: 'login.html',
    lazy: [],
    followDynamic: false,
    exclude: [],
    budget: 100_000,
  },
  {
    // The organizer's first page: the shell and the list; its dialogs load when opened. 156.0 kB
    // when this budget was set (docs/decisions/049).
    route: '/organizer/eventos',
    entry: 'index.html',
    lazy: [
      'src/features/organizer/components/organizer-layout.tsx',
      'src/features/events/pages/events-page.tsx',
    ],
    followDynamic: false,
    exclude: [],
    budget: 160_000,
  },
];

/** The JS files (manifest `file`s, each once) a route loads, in the order they are found. */
export function routeFiles(manifest, { entry, lazy = [], followDynamic = false, exclude = [] }) {
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (exclude.some((pattern) => pattern.test(key) || pattern.test(chunk.file))) return;
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (followDynamic) for (const imported of chunk.dynamicImports ?? []) visit(imported);
  };
  visit(entry);
  for (const key of lazy) visit(key);
  return files;
}

export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** Each route's files with their gzipped sizes, the total, and whether it is within its budget. */
export function measureRoutes(manifest, readAsset, table = routes) {
  return table.map((route) => {
    const files = routeFiles(manifest, route).map((file) => ({ file, gzip: gzipSize(readAsset(file)) }));
    const total = files.reduce((sum, { gzip }) => sum + gzip, 0);
    return { ...route, files, total, ok: route.budget === null || total <= route.budget };
  });
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

export function report(results) {
  const lines = [];
  for (const { route, files, total, budget, ok } of results) {
    lines.push(`\n${route}`);
    for (const { file, gzip } of files) lines.push(`  ${kB(gzip).padStart(10)}  ${file}`);
    const verdict = budget === null ? '(no budget yet)' : `budget ${kB(budget)} ${ok ? 'OK' : 'EXCEEDED'}`;
    lines.push(`  ${kB(total).padStart(10)}  total gzip, ${verdict}`);
  }
  lines.push('');
  lines.push('Route                 JS gzip     Budget      Status');
  for (const { route, total, budget, ok } of results) {
    const status = budget === null ? 'info' : ok ? 'ok' : 'OVER';
    lines.push(
      `${route.padEnd(20)}  ${kB(total).padStart(9)}  ${(budget === null ? '—' : kB(budget)).padStart(9)}   ${status}`,
    );
  }
  return lines.join('\n');
}

/**
 * One row per service worker: its script in dist/, and the most it may precache (files, and their
 * gzipped total) and weigh (the script, gzipped). Each is installed on its page's first visit, so
 * its downloads share that visit's link and its script runs beside the page.
 */
export const workers = [
  {
    // The scanner page, its chunks, the camera decoder and its worker, the favicon and four icons:
    // 15 files, 151.3 kB and a 6.0 kB script when this budget was set.
    worker: 'scanner-sw.js',
    maxFiles: 15,
    maxPrecacheGzip: 158_000,
    maxScriptGzip: 6_500,
  },
  {
    // t.html, its script and stylesheet, the favicon and the four icons of its web app manifest
    // and t.html: 11 files, 35.2 kB and a 6.1 kB script when this budget was set.
    worker: 'guest-sw.js',
    maxFiles: 11,
    maxPrecacheGzip: 38_000,
    maxScriptGzip: 6_500,
  },
];

/**
 * The URLs of the precache list that vite-plugin-pwa (injectManifest) writes into a worker's script
 * in place of self.__WB_MANIFEST: a JSON array of {revision, url}. A worker without one fails, so
 * that a change of the plugin's output cannot turn this check off unnoticed.
 */
export function precacheUrls(workerSource, worker = 'the service worker') {
  const list = workerSource.match(/\[\{"revision":[\s\S]*?"\}\]/)?.[0];
  if (!list) throw new Error(`${worker} has no precache list ([{"revision":…,"url":…}])`);
  return JSON.parse(list).map(({ url }) => url);
}

/** Each worker's script size and precache list (files with their gzipped sizes) against its budget. */
export function measureWorkers(readAsset, table = workers) {
  return table.map((row) => {
    const source = readAsset(row.worker);
    const files = precacheUrls(source.toString('utf8'), row.worker).map((file) => ({
      file,
      gzip: gzipSize(readAsset(file)),
    }));
    const precacheGzip = files.reduce((sum, { gzip }) => sum + gzip, 0);
    const scriptGzip = gzipSize(source);
    const over = [
      ...(files.length > row.maxFiles ? [`${files.length} files > ${row.maxFiles}`] : []),
      ...(precacheGzip > row.maxPrecacheGzip
        ? [`precache ${kB(precacheGzip)} > ${kB(row.maxPrecacheGzip)}`]
        : []),
      ...(scriptGzip > row.maxScriptGzip ? [`script ${kB(scriptGzip)} > ${kB(row.maxScriptGzip)}`] : []),
    ];
    return { ...row, files, precacheGzip, scriptGzip, over, ok: over.length === 0 };
  });
}

export function reportWorkers(results) {
  const lines = ['', 'Service worker        Files       Precache gzip        Script gzip     Status'];
  for (const {
    worker,
    files,
    maxFiles,
    precacheGzip,
    maxPrecacheGzip,
    scriptGzip,
    maxScriptGzip,
    over,
  } of results) {
    lines.push(
      `${worker.padEnd(20)}  ${`${files.length}/${maxFiles}`.padStart(5)}  ` +
        `${`${kB(precacheGzip)}/${kB(maxPrecacheGzip)}`.padStart(18)}  ` +
        `${`${kB(scriptGzip)}/${kB(maxScriptGzip)}`.padStart(17)}     ${over.length ? `OVER: ${over.join(', ')}` : 'ok'}`,
    );
  }
  for (const { worker, files } of results) {
    lines.push(`\n${worker} precaches`);
    for (const { file, gzip } of files) lines.push(`  ${kB(gzip).padStart(10)}  ${file}`);
  }
  return lines.join('\n');
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dist = resolve(process.argv[2] ?? join(root, 'packages/web/dist'));
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const readAsset = (file) => readFileSync(join(dist, file));
  const results = measureRoutes(manifest, readAsset);
  console.log(report(results));
  const workerResults = measureWorkers(readAsset);
  console.log(reportWorkers(workerResults));
  const over = [...results, ...workerResults].filter((result) => !result.ok);
  if (over.length > 0) {
    console.error(
      `\nFirst-visit budget exceeded: ${over.map((result) => result.route ?? result.worker).join(', ')}`,
    );
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
