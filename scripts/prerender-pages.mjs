// Renders the pages built on their own to HTML at build time and puts it inside their root, so the
// first paint needs no JavaScript (landing-main.tsx and login-main.tsx hydrate it):
//   dist/landing.html, dist/login.html, and dist/login-demo.html (with the demo accounts; the server
//   sends it for /login in demo mode, marked <html data-demo="true"> for login-main.tsx).
// Run after `vite build`. Usage: node scripts/prerender-pages.mjs   (from packages/web)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = resolve('.');
const dist = join(webRoot, 'dist');
// Inside the package, so that the rendered module finds react in node_modules.
const outDir = join(webRoot, '.prerender');
const marker = '<div id="root"></div>';

// These pages are painted from their HTML and stylesheet; their scripts only make them interactive.
// At low fetch priority, the stylesheet (and, on a slow link, the page itself) is not kept waiting
// behind ~20 scripts sharing the connection (docs/decisions/028).
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
  const { renderLanding, renderLogin } = await import(
    pathToFileURL(join(outDir, 'prerender-pages.mjs')).href
  );
  fill('landing.html', 'landing.html', renderLanding());
  // The demo variant first: it is made from the empty login.html.
  fill('login.html', 'login-demo.html', renderLogin({ demo: true }), { demo: true });
  fill('login.html', 'login.html', renderLogin({ demo: false }));
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
