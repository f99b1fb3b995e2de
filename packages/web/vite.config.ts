import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { guestPrecache } from './src/features/guest-ticket/pwa/guest-precache.ts';
import { filesOfPage, scannerPrecache, type BuildManifest } from './src/features/scanner/pwa/precache-set.ts';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * The bar scanner's service worker (docs/decisions/034): src/features/scanner/pwa/scanner-sw.ts
 * built into dist/scanner-sw.js with its precache list — scanner.html, the chunks, stylesheets and
 * assets it loads (read from dist/.vite/manifest.json, dynamic imports included: the camera decoder
 * and its worker), its icons and favicon; nothing of the organizer's app. The page registers it
 * itself (scanner-main.tsx) and the server answers the per-event web app manifest, so the plugin
 * injects no script and writes no manifest. Built after the pages, in the build's last step.
 */
function scannerServiceWorker(): PluginOption[] {
  let outDir = page('dist');
  const readOutDir: PluginOption = {
    name: 'drinkflow:scanner-sw-out-dir',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
  };
  const serviceWorker = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/features/scanner/pwa',
    filename: 'scanner-sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: [
        'scanner.html',
        'assets/*.{js,css,woff2,svg,png,webp}',
        'favicon.{svg,ico}',
        'icons/*.png',
      ],
      // The camera decoder's worker is the largest file (≈ 45 kB); well below this.
      maximumFileSizeToCacheInBytes: 1024 * 1024,
      manifestTransforms: [
        (entries) => {
          const manifest = JSON.parse(
            readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
          ) as BuildManifest;
          return { manifest: scannerPrecache(entries, filesOfPage(manifest, 'scanner.html')), warnings: [] };
        },
      ],
    },
  });
  return [readOutDir, serviceWorker];
}

/**
 * The guest ticket page's service worker: src/features/guest-ticket/pwa/guest-sw.ts built into
 * dist/guest-sw.js (scope /t/, registered by the page itself) with its precache list — t.html, its
 * script and stylesheet, the favicon and the icons; nothing of the app or the scanner. A second
 * instance of the plugin beside the scanner's: each keeps its own options and builds its own worker.
 */
function guestTicketServiceWorker(): PluginOption[] {
  let outDir = page('dist');
  const readOutDir: PluginOption = {
    name: 'drinkflow:guest-sw-out-dir',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
  };
  const serviceWorker = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/features/guest-ticket/pwa',
    filename: 'guest-sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['t.html', 'assets/*.{js,css,woff2,svg,png,webp}', 'favicon.{svg,ico}', 'icons/*.png'],
      manifestTransforms: [
        (entries) => {
          const manifest = JSON.parse(
            readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
          ) as BuildManifest;
          return { manifest: guestPrecache(entries, filesOfPage(manifest, 't.html')), warnings: [] };
        },
      ],
    },
  });
  return [readOutDir, serviceWorker];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The service worker only in a client build: not in `npm run dev`, the tests or the prerender.
  plugins: [
    react(),
    tailwindcss(),
    ...(command === 'build' && !isSsrBuild ? [scannerServiceWorker(), guestTicketServiceWorker()] : []),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each page loads, read by scripts/route-budget.mjs.
    manifest: true,
    // A page's own files are preloaded from its HTML; the JavaScript chunks a route loads later are
    // not: Vite's helper adds a <link rel=modulepreload> per chunk inside the router's start (about
    // 45 for the organizer's events before chunks were inlined, one long task on a phone; with the
    // few left, it still did not show the list sooner). The browser fetches each chunk's imports as
    // it reads it. A lazy page's stylesheet still comes through the helper, its only way in
    // (docs/decisions/025, 028).
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : dependencies.filter((file) => file.endsWith('.css')),
    },
    rolldownOptions: {
      // The app, and the landing page, the login page, the public scanner and the guest's ticket as
      // pages of their own, so that none loads the app's router, session or queries (docs/decisions/017, 025).
      input: {
        main: page('index.html'),
        landing: page('landing.html'),
        login: page('login.html'),
        scanner: page('scanner.html'),
        // The guest's ticket page, /t/{token}: no React at all (src/guest-ticket-main.ts).
        guestTicket: page('t.html'),
      },
      // Required by the inlining below; the pages' entries export nothing.
      ...(isSsrBuild ? {} : { preserveEntrySignatures: false as const }),
      output: {
        // A small module shared by several chunks (an icon, a button) would otherwise be a file of
        // its own: the organizer's events loaded 55 scripts, 130 in the whole build. Over HTTP/1.1 on
        // a slow link every file costs a round trip. Rolldown copies such common chunks, up to
        // 16 KiB of source, into the chunks that read them; its runtime keeps one state per module
        // across copies. Stylesheets stay files, as Vite's own configuration of this option does
        // (docs/decisions/028).
        // The prerender's server build (scripts/prerender-pages.mjs) is one file and keeps its exports.
        codeSplitting: isSsrBuild
          ? undefined
          : {
              experimentalInlineCommonChunks: {
                maxSize: 16 * 1024,
                exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
              },
            },
      },
    },
  },
}));
