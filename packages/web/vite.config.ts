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
