// Builds the server for production (docs/decisions/038, 057): packages/server/src/server.ts and
// the admin commands (src/cli/*.ts) with the workspace packages they import (@drinkflow/*,
// TypeScript source), each bundled into one ES module under packages/server/dist/ — server.js and
// cli/<command>.js — run by plain `node` with no TypeScript loader. Every other package stays an
// import, resolved from node_modules at run time (native addons, PGlite's wasm files, pino's
// transports need their own files); they must be dependencies of @drinkflow/server, the only
// workspace the runtime image installs.
//   node scripts/build-server.mjs [--outdir <folder>]
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverSource = join(root, 'packages/server/src');
export const defaultOutdir = join(root, 'packages/server/dist');

/** Output name (under the outdir, without `.js`) → entry point: the server and each admin command. */
export const entryPoints = {
  server: join(serverSource, 'server.ts'),
  'cli/db-migrate': join(serverSource, 'cli/db-migrate.ts'),
  'cli/db-backup': join(serverSource, 'cli/db-backup.ts'),
  'cli/create-user': join(serverSource, 'cli/create-user.ts'),
};

/** Bundles relative imports and @drinkflow/* packages; leaves every other bare import external. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@drinkflow/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Writes `<outdir>/server.js` and `<outdir>/cli/*.js` (+ source maps); returns the server's path. */
export async function buildServer({ outdir = defaultOutdir } = {}) {
  await rm(outdir, { recursive: true, force: true });
  // No code splitting: each file stands alone, so a command loads only what it uses.
  await build({
    entryPoints,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  return join(outdir, 'server.js');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  const outdir = values.outdir ? resolve(values.outdir) : defaultOutdir;
  await buildServer({ outdir });
  console.log(`Server and admin commands built in ${outdir}`);
}
