import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each page loads, read by scripts/route-budget.mjs.
    manifest: true,
    // A page's own files are preloaded from its HTML; the JavaScript chunks a route loads later are
    // not: Vite's helper would add a <link rel=modulepreload> per chunk (about 45 for the organizer's
    // events), one long task on a phone. The browser fetches each chunk's imports as it reads it.
    // A lazy page's stylesheet still comes through the helper, its only way in (docs/decisions/025).
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : dependencies.filter((file) => file.endsWith('.css')),
    },
    rolldownOptions: {
      // The app, and the landing page, the login page and the public scanner as pages of their own,
      // so that none loads the app's router, session or queries (docs/decisions/017, 025).
      input: {
        main: page('index.html'),
        landing: page('landing.html'),
        login: page('login.html'),
        scanner: page('scanner.html'),
      },
    },
  },
});
