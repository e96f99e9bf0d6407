// `node scripts/screenshots.mjs [baseUrl] [outDir]`: full-page screenshots of every screen on a phone (390×844)
// and a desktop (1280×800), to look at what we build. Needs a running server (npm start).
// SCREENS=/a,/b chooses the paths; LOGIN=user:password shoots them logged in (e.g. LOGIN=demo:nomadas-demo).
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

/** The session the app keeps after a login (spec §3 local storage: token, user_data, finish_date). */
async function loginSession() {
  if (!process.env.LOGIN) return undefined;
  const [username, password] = process.env.LOGIN.split(':');
  const response = await fetch(new URL('/api/login', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const answer = await response.json();
  if (answer.state !== 'OK') throw new Error(`LOGIN failed: ${answer.msg}`);
  const user = {
    token: answer.token,
    u: answer.username,
    i: answer.img ?? '',
    ic: answer.imgc ?? '',
    d: answer.d ?? '',
  };
  if (answer.role) user.role = answer.role;
  return { token: answer.token, user: JSON.stringify(user), finishDate: String(answer.date) };
}
const session = await loginSession();

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
  await context.addInitScript((saved) => {
    localStorage.setItem('cookies', '1');
    localStorage.setItem('bannerHomeTime', String(Math.floor(Date.now() / 1000)));
    if (saved) {
      localStorage.setItem('token', saved.token);
      localStorage.setItem('user_data', saved.user);
      localStorage.setItem('finish_date', saved.finishDate);
    }
  }, session);
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
