#!/usr/bin/env node
/*
 * Makes the installed scanner's icons (packages/web/public/icons/) from public/favicon.svg:
 * Chromium draws the SVG and saves PNGs. Run it again after changing favicon.svg and commit the PNGs
 * (docs/decisions/034). Not part of the build: the build copies the committed files.
 *
 * - scanner-192.png, scanner-512.png: the favicon as it is (rounded square, transparent corners).
 * - scanner-maskable-512.png: the square filled to its edges, for launchers that cut their own
 *   shape (a circle, a squircle); the glass already sits inside the central 80 % safe zone.
 * - apple-touch-icon.png (180 px): full-bleed too, iOS rounds it and would paint transparency black.
 *
 * Usage: node packages/web/src/features/scanner/pwa/make-scanner-icons.mjs
 *        (CHROMIUM_PATH overrides /usr/bin/chromium)
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = fileURLToPath(new URL('../../../../public/', import.meta.url));

/** The favicon with its rounded corners filled: a full-bleed square. */
const fullBleed = (svg) => svg.replace(/\s+rx="[^"]*"/, '');

const icons = [
  { file: 'scanner-192.png', size: 192, bleed: false },
  { file: 'scanner-512.png', size: 512, bleed: false },
  { file: 'scanner-maskable-512.png', size: 512, bleed: true },
  { file: 'apple-touch-icon.png', size: 180, bleed: true },
];

/** The SVG drawn at `size`×`size` px on a transparent background, as PNG bytes. */
async function renderPng(browser, svg, size) {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
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

const svg = await readFile(`${publicDir}favicon.svg`, 'utf8');
if (fullBleed(svg) === svg) throw new Error('favicon.svg has no rx on its background: update fullBleed()');
await mkdir(`${publicDir}icons`, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, bleed } of icons) {
    const png = await renderPng(browser, bleed ? fullBleed(svg) : svg, size);
    await writeFile(`${publicDir}icons/${file}`, png);
    process.stdout.write(`icons/${file}: ${size} px, ${png.length} bytes\n`);
  }
} finally {
  await browser.close();
}
