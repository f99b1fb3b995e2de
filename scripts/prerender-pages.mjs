// Renders the pages built on their own to HTML at build time and puts it inside their root, so the
// first paint needs no JavaScript (landing-main.tsx and login-main.tsx hydrate it):
//   dist/landing.html, dist/login.html, and dist/login-demo.html (with the demo accounts; the server
//   sends it for /login in demo mode, marked <html data-demo="true"> for login-main.tsx); and the
//   app's loading state into dist/index.html, which main.tsx replaces with its first render; then
//   dist/organizer-home.html, the same page with the organizer's events list preloaded.
// Run after `vite build`. Usage: node scripts/prerender-pages.mjs   (from packages/web)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { routeFiles, routes } from './route-budget.mjs';

const webRoot = resolve('.');
const dist = join(webRoot, 'dist');
// Inside the package, so that the rendered module finds react in node_modules.
const outDir = join(webRoot, '.prerender');
const marker = '<div id="root"></div>';

// These pages paint from their HTML and stylesheet: the landing and login pages whole, the app its
// loading state. At low fetch priority their scripts do not share a slow link with the stylesheet,
// so the first paint waits for the stylesheet alone; the scripts follow (docs/decisions/028).
function lowerScriptPriority(source, template) {
  const lowered = source
    .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );
  if (!lowered.includes('<script type="module" fetchpriority="low"'))
    throw new Error(`dist/${template} has no <script type="module" crossorigin>`);
  return lowered;
}

function fill(template, target, html, { demo = false } = {}) {
  const source = readFileSync(join(dist, template), 'utf8');
  if (!source.includes(marker)) throw new Error(`dist/${template} has no empty ${marker}`);
  let filled = lowerScriptPriority(source, template).replace(marker, `<div id="root">${html}</div>`);
  if (demo) filled = filled.replace('<html lang="es">', '<html lang="es" data-demo="true">');
  if (demo && !filled.includes('data-demo="true"'))
    throw new Error(`dist/${template} has no <html lang="es">`);
  writeFileSync(join(dist, target), filled);
  console.log(`prerender-pages: dist/${target} filled in`);
}

/**
 * dist/organizer-home.html: the app's page with the organizer's events list (its layout, page and
 * their imports) preloaded, so that they download beside the app's own code instead of after it has
 * run. The server sends it for /organizer and /organizer/eventos, where signing in leads.
 */
function writeOrganizerHome() {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const home = routes.find(({ route }) => route === '/organizer/eventos');
  const appFiles = new Set(routeFiles(manifest, { entry: 'index.html' }));
  const preloads = routeFiles(manifest, home)
    .filter((file) => !appFiles.has(file))
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
  if (preloads.length === 0) throw new Error('the organizer home has no chunks of its own to preload');
  const app = readFileSync(join(dist, 'index.html'), 'utf8');
  const stylesheet = '<link rel="stylesheet"';
  if (!app.includes(stylesheet)) throw new Error('dist/index.html has no stylesheet link');
  writeFileSync(
    join(dist, 'organizer-home.html'),
    app.replace(stylesheet, `${preloads.join('\n    ')}\n    ${stylesheet}`),
  );
  console.log(`prerender-pages: dist/organizer-home.html preloads ${preloads.length} chunks`);
}

try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender-pages.tsx',
      outDir,
      emptyOutDir: true,
      manifest: false,
      rolldownOptions: {
        input: 'src/prerender-pages.tsx',
        output: { entryFileNames: 'prerender-pages.mjs' },
      },
    },
  });
  const { renderAppLoading, renderLanding, renderLogin } = await import(
    pathToFileURL(join(outDir, 'prerender-pages.mjs')).href
  );
  fill('landing.html', 'landing.html', renderLanding());
  // The demo variant first: it is made from the empty login.html.
  fill('login.html', 'login-demo.html', renderLogin({ demo: true }), { demo: true });
  fill('login.html', 'login.html', renderLogin({ demo: false }));
  fill('index.html', 'index.html', renderAppLoading());
  writeOrganizerHome();
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
