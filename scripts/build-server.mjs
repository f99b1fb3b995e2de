// Builds the server for production (docs/decisions/038): packages/server/src/server.ts and the
// workspace packages it imports (@drinkflow/*, TypeScript source) bundled into one ES module,
// packages/server/dist/server.js, run by plain `node` with no TypeScript loader. Every other package
// stays an import, resolved from node_modules at run time (native addons, PGlite's wasm files,
// pino's transports need their own files).
//   node scripts/build-server.mjs [--outdir <folder>]
import { rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const defaultOutdir = join(root, 'packages/server/dist');

/** Bundles relative imports and @drinkflow/* packages; leaves every other bare import external. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@drinkflow/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Writes `<outdir>/server.js` (+ source map) and returns its path. */
export async function buildServer({ outdir = defaultOutdir } = {}) {
  await rm(outdir, { recursive: true, force: true });
  const outfile = join(outdir, 'server.js');
  await build({
    entryPoints: [join(root, 'packages/server/src/server.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  const outfile = await buildServer({ outdir: values.outdir ? resolve(values.outdir) : undefined });
  console.log(`Server built: ${outfile}`);
}
