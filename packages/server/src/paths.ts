import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (packages/server), found by walking up from this module to the
 * package.json named `@drinkflow/server`. The same code then works from `src/` (tsx, tests) and
 * bundled into `dist/server.js` (production build, docs/decisions/038), whose depths differ.
 */
export function findServerRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@drinkflow/server') return dir;
    }
    if (dirname(dir) === dir) throw new Error(`@drinkflow/server package.json not found above ${start}`);
  }
}

export const serverRoot = findServerRoot();
