import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

const run = promisify(execFile);

/**
 * The text of the QR code on each page of a PDF, page by page, as an ordinary reader decodes it:
 * every page rendered at 150 dpi with poppler's pdftoppm, then read with zbarimg.
 */
export async function qrCodesOfPdf(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'drinkflow-pdf-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    await run('/usr/bin/pdftoppm', ['-r', '150', '-png', join(dir, 'doc.pdf'), join(dir, 'page')]);
    // pdftoppm pads page numbers to the same width, so the names sort in page order.
    const pages = (await readdir(dir)).filter((file) => file.endsWith('.png')).sort();
    const codes: string[] = [];
    for (const page of pages) {
      const { stdout } = await run('/usr/bin/zbarimg', ['-q', '--raw', join(dir, page)]);
      codes.push(stdout.replace(/\n$/, ''));
    }
    return codes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of each page of a PDF (poppler's pdftotext), to check what a ticket prints. */
export async function textOfPdfPages(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'drinkflow-pdf-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    const { stdout } = await run('/usr/bin/pdftotext', ['-enc', 'UTF-8', join(dir, 'doc.pdf'), '-']);
    return stdout.split('\f').slice(0, -1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A PDF download: status 200, the PDF type, `attachment` with this file name, a %PDF body. */
export function expectPdf(res: LightMyRequestResponse, filename: string): Buffer {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/pdf/);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return res.rawPayload;
}
