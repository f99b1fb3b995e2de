import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressDist } from '../compress-dist.mjs';

let dir;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('compressDist', () => {
  it('writes brotli and gzip twins that decompress to the original, for text files worth it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'compress-dist-'));
    await mkdir(join(dir, 'assets'));
    const script = `console.log(${JSON.stringify('hola '.repeat(500))});`;
    await writeFile(join(dir, 'assets', 'app-1a2b.js'), script);
    await writeFile(join(dir, 'index.html'), `<!doctype html>${'<p>texto</p>'.repeat(200)}`);
    await writeFile(join(dir, 'tiny.css'), 'a{}');
    await writeFile(join(dir, 'photo.png'), Buffer.alloc(4096, 7));

    const written = await compressDist(dir);

    expect(written.map((file) => file.path.slice(dir.length)).sort()).toEqual([
      '/assets/app-1a2b.js',
      '/index.html',
    ]);
    const br = await readFile(join(dir, 'assets', 'app-1a2b.js.br'));
    const gz = await readFile(join(dir, 'assets', 'app-1a2b.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    await expect(readFile(join(dir, 'tiny.css.br'))).rejects.toThrow();
    await expect(readFile(join(dir, 'photo.png.gz'))).rejects.toThrow();
  });
});
