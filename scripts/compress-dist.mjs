// Writes a brotli (.br) and a gzip (.gz) twin next to every compressible file of the web build,
// so the server sends them as they are (content negotiation, no compression per request).
// Usage: node scripts/compress-dist.mjs [dist folder, default packages/web/dist]
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|txt|json|webmanifest|map)$/;
// Below this a compressed twin saves less than a network packet.
const MIN_BYTES = 1024;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Compresses every eligible file under `dir`; returns what it wrote, for the build log. */
export async function compressDist(dir) {
  const written = [];
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) continue;
    const source = await readFile(path);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    await writeFile(`${path}.br`, brotli);
    await writeFile(`${path}.gz`, gzip);
    written.push({ path, bytes: source.length, brotli: brotli.length, gzip: gzip.length });
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? 'packages/web/dist');
  const written = await compressDist(dir);
  const total = (key) => written.reduce((sum, file) => sum + file[key], 0);
  console.log(
    `compress-dist: ${written.length} files, ${(total('bytes') / 1024).toFixed(0)} KB → ` +
      `brotli ${(total('brotli') / 1024).toFixed(0)} KB, gzip ${(total('gzip') / 1024).toFixed(0)} KB`,
  );
}
