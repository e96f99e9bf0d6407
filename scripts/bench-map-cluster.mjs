// `node scripts/bench-map-cluster.mjs [points]`: clustering on the map, measured in the browser the map runs
// in (headless Chromium through playwright-core). Loads supercluster with 100k points spread over Spain, as
// /mapa does (radius 56, extent 256, maxZoom 16), and times the index build and getClusters for a
// 1280×800 view at a few zooms. Prints one line per figure; nothing leaves the machine.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const count = Number(process.argv[2] ?? 100_000);
const RUNS = 5;
const ORIGIN = 'http://bench.invalid';
const files = {
  '/supercluster.js': path.join(path.dirname(require.resolve('supercluster')), 'index.js'),
  '/kdbush.js': path.join(path.dirname(require.resolve('kdbush')), 'index.js'),
};
const page = `<!doctype html><meta charset="utf-8"><title>bench</title>
<script type="importmap">{"imports":{"kdbush":"/kdbush.js"}}</script>
<script type="module">import Supercluster from '/supercluster.js'; window.Supercluster = Supercluster; window.ready = true;</script>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Everything is served from here: any other request is refused.
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) return route.abort();
    if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: page });
    const file = files[url.pathname];
    if (!file) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ contentType: 'text/javascript', body: await fs.readFile(file, 'utf8') });
  });
  const tab = await context.newPage();
  await tab.goto(`${ORIGIN}/`);
  await tab.waitForFunction(() => globalThis.ready === true);

  const result = await tab.evaluate(
    ({ count, runs }) => {
      // Deterministic points over mainland Spain (lng -9.3..3.3, lat 36..43.8), denser around a few cities.
      let seed = 42;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const hubs = [
        [40.42, -3.7],
        [41.39, 2.17],
        [39.47, -0.38],
        [37.39, -5.98],
        [43.26, -2.93],
      ];
      const features = [];
      for (let i = 0; i < count; i++) {
        let lat, lng;
        if (random() < 0.4) {
          const [hLat, hLng] = hubs[Math.floor(random() * hubs.length)];
          lat = hLat + (random() - 0.5) * 0.8;
          lng = hLng + (random() - 0.5) * 1.0;
        } else {
          lat = 36 + random() * 7.8;
          lng = -9.3 + random() * 12.6;
        }
        features.push({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [lng, lat] },
          properties: { u: `p${i}`, k: 'default' },
        });
      }
      const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const loads = [];
      let index;
      for (let run = 0; run < runs; run++) {
        const start = performance.now();
        index = new globalThis.Supercluster({ radius: 56, extent: 256, maxZoom: 16 }).load(features);
        loads.push(performance.now() - start);
      }
      // A 1280×800 view centred on Madrid at each zoom: 256 px tiles, so 360° is 256·2^z px wide.
      const view = (zoom) => {
        const degPerPx = 360 / (256 * 2 ** zoom);
        const halfW = 640 * degPerPx;
        const halfH = 400 * degPerPx * Math.cos((40.42 * Math.PI) / 180);
        return [-3.7 - halfW, 40.42 - halfH, -3.7 + halfW, 40.42 + halfH];
      };
      // The browser's clock is coarse (0.1 ms): each figure is a batch of calls divided by its size.
      const BATCH = 50;
      const zooms = [5, 8, 11, 14].map((zoom) => {
        const times = [];
        let shown = 0;
        for (let run = 0; run < runs; run++) {
          const start = performance.now();
          for (let call = 0; call < BATCH; call++) shown = index.getClusters(view(zoom), zoom).length;
          times.push((performance.now() - start) / BATCH);
        }
        return { zoom, ms: median(times), markers: shown };
      });
      return { load: median(loads), loadMax: Math.max(...loads), zooms };
    },
    { count, runs: RUNS },
  );

  console.log(
    `map cluster: supercluster load of ${count.toLocaleString('en')} points, median of ${RUNS}: ${result.load.toFixed(1)} ms (max ${result.loadMax.toFixed(1)} ms)`,
  );
  for (const { zoom, ms, markers } of result.zooms) {
    console.log(
      `map cluster: getClusters at zoom ${zoom} (1280×800 view), median: ${ms.toFixed(3)} ms, ${markers} markers`,
    );
  }
} finally {
  await browser.close();
}
