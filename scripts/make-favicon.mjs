#!/usr/bin/env node
/*
 * Makes packages/web/public/favicon.ico from favicon.svg: Chromium draws the SVG at 16, 32 and
 * 48 px, and the PNGs go into one ICO file (Windows Vista and later read PNG entries). Browsers use
 * the SVG; the ICO answers the clients that ask for /favicon.ico by name (bookmarks, RSS readers,
 * some crawlers). Run it again after changing favicon.svg and commit both files.
 *
 * Usage: node scripts/make-favicon.mjs   (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const SIZES = [16, 32, 48];
const publicDir = fileURLToPath(new URL('../packages/web/public/', import.meta.url));

/** The SVG drawn at `size`×`size` px on a transparent background, as PNG bytes. */
async function renderPng(browser, svg, size) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const source = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}img{display:block}</style>` +
      `<img src="${source}" width="${size}" height="${size}">`,
  );
  await page.locator('img').evaluate((img) => img.decode());
  const png = await page.screenshot({
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
  await page.close();
  return png;
}

/** An ICO container: a 6-byte header, one 16-byte directory entry per image, then the PNGs. */
function icoOf(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width; 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

async function main() {
  const svg = await readFile(`${publicDir}favicon.svg`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const images = [];
    for (const size of SIZES) images.push({ size, png: await renderPng(browser, svg, size) });
    const ico = icoOf(images);
    await writeFile(`${publicDir}favicon.ico`, ico);
    console.log(`favicon.ico: ${SIZES.join(', ')} px, ${ico.length} bytes`);
  } finally {
    await browser.close();
  }
}

await main();
