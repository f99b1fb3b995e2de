import puppeteer from 'puppeteer-core';
import { signInDemoOrganizer, startBenchServer } from './server.mjs';
const server = await startBenchServer({ port: 3194 });
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--headless=new'] });
try {
  const organizer = await signInDemoOrganizer(server.base);
  const token = organizer.headers.authorization.replace('Bearer ', '');
  for (let i = 1; i <= 4; i++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823 });
    await page.goto(`${server.base}/robots.txt`);
    await page.evaluate((s) => { localStorage.setItem('drinkflow_token', s.token); localStorage.setItem('drinkflow_user', JSON.stringify(s.user)); }, { token, user: organizer.user });
    const client = await page.createCDPSession();
    await client.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await client.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6 * 1024 * 1024 / 8, uploadThroughput: 750 * 1024 / 8 });
    await page.tracing.start({ path: `/tmp/prof/t${i}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute'] });
    await page.goto(`${server.base}/organizer/eventos`, { waitUntil: 'networkidle0' });
    await new Promise((r) => setTimeout(r, 1000));
    await page.tracing.stop();
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
