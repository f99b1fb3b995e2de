// Renders the landing page to HTML at build time and puts it inside dist/landing.html's root, so
// the first paint needs no JavaScript (landing-main.tsx hydrates it). Run after `vite build`.
// Usage: node scripts/prerender-landing.mjs   (from packages/web, as its build script does)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const webRoot = resolve('.');
const page = join(webRoot, 'dist', 'landing.html');
// Inside the package, so that the rendered module finds react in node_modules.
const outDir = join(webRoot, '.prerender');
try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: {
      ssr: 'src/landing-prerender.tsx',
      outDir,
      emptyOutDir: true,
      manifest: false,
      rolldownOptions: {
        input: 'src/landing-prerender.tsx',
        output: { entryFileNames: 'landing-prerender.mjs' },
      },
    },
  });
  const { renderLanding } = await import(pathToFileURL(join(outDir, 'landing-prerender.mjs')).href);
  const html = readFileSync(page, 'utf8');
  const marker = '<div id="root"></div>';
  if (!html.includes(marker)) throw new Error(`${page} has no empty ${marker}`);
  writeFileSync(page, html.replace(marker, `<div id="root">${renderLanding()}</div>`));
  console.log('prerender-landing: dist/landing.html filled in');
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
