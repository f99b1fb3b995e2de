#!/usr/bin/env node
/*
 * JavaScript budget per route of the web build. Reads dist/.vite/manifest.json (build.manifest in
 * packages/web/vite.config.ts), collects for each route the JS files its page loads, gzips each
 * one (zlib level 9) and fails (exit 1) when a route with a budget is over it.
 *
 * Budgets are in bytes, decimal: 120_000 bytes = "120 kB", as Vite prints sizes.
 *
 * The service workers (dist/scanner-sw.js, docs/decisions/034, and dist/guest-sw.js, the guest
 * ticket page's) are outside every budget: neither is in Vite's manifest (vite-plugin-pwa builds
 * them after the pages), each runs in its own thread, and its page registers it after the first
 * paint. Their sizes are printed below the table, for the record.
 *
 * Usage: node scripts/route-budget.mjs [distDir]   (default: packages/web/dist)
 */
import { existsSync, readFileSync } from 'node:fs';
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
    // is a separate chunk that only the camera's decoding loads. workbox-window, which registers
    // the service worker after the first paint, is a dynamic import and counts.
    followDynamic: true,
    exclude: [/qr-scanner-worker/],
    budget: 120_000,
  },
  {
    // The guest's ticket page (t.html): no React; the QR encoder is part of its one script.
    route: '/t/{token}',
    entry: 't.html',
    lazy: [],
    followDynamic: true,
    exclude: [],
    budget: 60_000,
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
    // The organizer's first page: the shell and the list; its dialogs load when opened.
    route: '/organizer/eventos',
    entry: 'index.html',
    lazy: [
      'src/features/organizer/components/organizer-layout.tsx',
      'src/features/events/pages/events-page.tsx',
    ],
    followDynamic: false,
    exclude: [],
    budget: null,
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

/** Files built beside the pages and measured outside every budget. */
const unbudgeted = [
  { file: 'scanner-sw.js', what: "the scanner's service worker" },
  { file: 'guest-sw.js', what: "the guest ticket page's service worker" },
];

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dist = resolve(process.argv[2] ?? join(root, 'packages/web/dist'));
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const results = measureRoutes(manifest, (file) => readFileSync(join(dist, file)));
  console.log(report(results));
  for (const { file, what } of unbudgeted) {
    if (!existsSync(join(dist, file))) continue;
    console.log(
      `${file} (${what}, outside the budgets): ${kB(gzipSize(readFileSync(join(dist, file))))} gzip`,
    );
  }
  const over = results.filter((result) => !result.ok);
  if (over.length > 0) {
    console.error(`\nJS budget exceeded: ${over.map((result) => result.route).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
