// `node scripts/screenshots.mjs [baseUrl] [outDir]`: full-page screenshots of every screen on a phone (390×844)
// and a desktop (1280×800), to look at what we build. Needs a running server (npm start).
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const outDir = path.resolve(process.argv[3] ?? 'screenshots');
const screens = (
  process.env.SCREENS ??
  '/,/muro,/tags/galicia,/mapa,/canales,/contacto,/premium,/legal,/quienes_somos,/nuevopass/x,/verificar/x,/no-existe'
).split(',');
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };

await fs.mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const [name, viewport] of Object.entries(viewports)) {
  const context = await browser.newContext({
    viewport,
    isMobile: name === 'phone',
    hasTouch: name === 'phone',
    locale: 'es-ES',
  });
  await context.addInitScript(() => {
    localStorage.setItem('cookies', '1');
    localStorage.setItem('bannerHomeTime', String(Math.floor(Date.now() / 1000)));
  });
  const page = await context.newPage();
  for (const screen of screens) {
    await page.goto(new URL(screen, baseUrl).toString(), { waitUntil: 'networkidle' });
    const file = `${name}-${screen.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'landing'}.png`;
    await page.screenshot({ path: path.join(outDir, file), fullPage: true });
    console.log(path.join(outDir, file));
  }
  await context.close();
}
await browser.close();
