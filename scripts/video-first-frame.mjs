// `node scripts/video-first-frame.mjs [baseUrl]` (default http://localhost:3000, a running server with videos):
// the time to the first frame of a video page on a throttled phone, as Lighthouse's mobile settings throttle it
// (390×844, slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; CPU 4× slower), in Debian's Chromium.
// For each run, in a fresh profile: open the newest featured video's page, tap play as soon as the player is
// there, and time the first frame the browser presents (requestVideoFrameCallback). Prints each run and the
// median of VIDEO_RUNS (default 3): from navigation, and from the tap.
import { chromium } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const runs = Math.max(1, Number(process.env.VIDEO_RUNS ?? 3));
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

async function data(path) {
  const answer = await fetch(`${baseUrl}${path}`);
  const body = await answer.json();
  if (body.state !== 'OK') throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

async function newestVideoPath() {
  const channels = await data('/api/canales?orden=destacados&l=1');
  const channel = channels.data[0];
  if (!channel) throw new Error('No channel has videos yet (is the demo seed done?)');
  const page = await data(`/api/canales/${channel.url}`);
  return `/canales/${channel.url}/${page.videos[0].name}`;
}

async function measure(browser, path) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = Date.now();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
  const video = page.locator('video');
  await video.waitFor({ state: 'visible', timeout: 60_000 });
  const tapped = Date.now();
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        // Runs in the page.
        const element = globalThis.document.querySelector('video');
        element.requestVideoFrameCallback(() => resolve());
        element.play().catch(reject);
      }),
  );
  const firstFrame = Date.now();
  await context.close();
  return { fromNavigation: firstFrame - started, fromTap: firstFrame - tapped };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--autoplay-policy=no-user-gesture-required',
  ],
});
try {
  const path = await newestVideoPath();
  const results = [];
  for (let run = 1; run <= runs; run++) {
    const result = await measure(browser, path);
    results.push(result);
    console.log(
      `run ${run}: first frame ${result.fromNavigation} ms after navigation, ${result.fromTap} ms after play`,
    );
  }
  console.log(
    `${path} on a throttled phone (slow 4G, 4× CPU), median of ${runs}: first frame ` +
      `${median(results.map((r) => r.fromNavigation))} ms after navigation, ` +
      `${median(results.map((r) => r.fromTap))} ms after play`,
  );
} finally {
  await browser.close();
}
