import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { makePhoto, uploadPost } from '../test/posts-factory.js';

let t: TestServer;
let dist: string;

/** A small build as Vite writes it: an entry with a shared chunk, and lazy screens with their CSS. */
const manifest = {
  'index.html': {
    file: 'assets/index-e1.js',
    isEntry: true,
    imports: ['_shared-s1.js'],
    css: ['assets/index-c1.css'],
    assets: ['assets/figtree-latin-ext-wght-f2.woff2', 'assets/figtree-latin-wght-f1.woff2', 'assets/w.js'],
  },
  '_shared-s1.js': { file: 'assets/shared-s1.js' },
  '_icons-i1.js': { file: 'assets/icons-i1.js', imports: ['_shared-s1.js'], css: ['assets/icons-i1.css'] },
  'src/screens/Muro/muro.tsx': {
    file: 'assets/muro-m1.js',
    name: 'muro',
    isDynamicEntry: true,
    imports: ['index.html', '_icons-i1.js'],
    css: ['assets/muro-m1.css'],
  },
  'src/screens/Landing/landing.tsx': {
    file: 'assets/landing-l1.js',
    name: 'landing',
    isDynamicEntry: true,
    imports: ['index.html', '_icons-i1.js'],
  },
  'src/screens/NotFound/404.tsx': { file: 'assets/404-n1.js', name: '404', isDynamicEntry: true },
};

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'nomadas-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.mkdir(path.join(dist, '.vite'));
  await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head-->\n' +
      '<script type="module" crossorigin src="/assets/index-e1.js"></script>\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index-c1.css">\n' +
      '</head><body><div id="root"><!--app-shell--></div><!--app-config--></body></html>',
  );
  await fs.writeFile(path.join(dist, 'assets', 'muro-m1.js'), 'export default 1;');
  // An older build that shipped its maps beside the code.
  await fs.writeFile(path.join(dist, 'assets', 'muro-m1.js.map'), '{"version":3,"sources":["muro.tsx"]}');
  t = await startTestServer({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map((match) => match[0]);

describe('first-screen hints in the HTML', () => {
  it("preloads the route's screen chunk and the chunks it imports that the entry lacks, and links their CSS", async () => {
    const page = await t.get('/muro');
    expect(page.status).toBe(200);
    const [head, body] = page.body.split('</head>') as [string, string];
    expect(links(head).filter((tag) => /modulepreload|stylesheet|font/.test(tag))).toEqual([
      // The font's Latin subset with the page, not after the first paint (it would move the text).
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/figtree-latin-wght-f1.woff2">',
      '<link rel="modulepreload" crossorigin href="/assets/muro-m1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/icons-i1.js">',
    ]);
    // The sheets after the static shell, which they would otherwise hold off the screen: the entry's own sheet
    // first, then an import's before the screen's own, as the app would add them.
    expect(body.indexOf('<link')).toBeGreaterThan(body.indexOf('class="boot-header"'));
    expect(links(body)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index-c1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/icons-i1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/muro-m1.css">',
    ]);
    // The entry is still the first thing asked for.
    expect(page.body.indexOf('src="/assets/index-e1.js"')).toBeLessThan(page.body.indexOf('muro-m1.js'));
  });

  it('gives each route its own screen, and unknown paths the 404 screen', async () => {
    expect((await t.get('/')).body).toContain('href="/assets/landing-l1.js"');
    expect((await t.get('/tags/galicia')).body).toContain('href="/assets/muro-m1.js"');
    const missing = await t.get('/no/existe');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('href="/assets/404-n1.js"');
    expect(missing.body).not.toContain('muro-m1');
  });

  it("preloads the thumbnails of the wall's first screen on /muro, from the page GET /api/posts answers", async () => {
    const author = await t.createSession();
    for (const text of ['Primera #galicia', 'Segunda', 'Tercera', 'Cuarta </script><img src=x>']) {
      const created = await uploadPost(t, author.token, {
        text,
        image: await makePhoto({ width: 40, height: 30 }),
      });
      expect(created.body.state).toBe('OK');
    }
    const wall = await t.get('/api/posts?1&n=0&l=12&tag=&cm=1');
    // A visitor's page: every post on it is on the grid's first two rows.
    const posts = wall.body.data.data as { thumb: string; thumbSmall: string }[];
    expect(posts).toHaveLength(4);
    const page = await t.get('/muro');
    const images = links(page.body).filter((tag) => tag.includes('as="image"'));
    // The grid's `srcset` and `sizes`, so the browser preloads the size the tile will ask for.
    expect(images).toEqual(
      posts.map(
        (post) =>
          `<link rel="preload" as="image" type="image/webp" fetchpriority="high" imagesrcset="${post.thumbSmall} 240w, ${post.thumb} 480w" imagesizes="(min-width: 1024px) 264px, calc((100vw - 6px) / 3)">`,
      ),
    );
    // Each preloaded photo is there to be fetched.
    for (const post of posts) {
      for (const url of [post.thumb, post.thumbSmall])
        expect((await fetch(`${t.baseUrl}${url}`)).status).toBe(200);
    }
    // The HTML carries that whole answer for a visitor's app, a post's `</script>` unable to end it.
    const inlined = /<script id="wall-first-page" type="application\/json">(.*?)<\/script>/s.exec(page.body);
    expect(JSON.parse(inlined![1]!)).toEqual(wall.body.data);
    expect(page.body).not.toContain('<img src=x>');
    // Who chose the list gets no tile's preload (the grid's thumbnails would be wasted), the same first page.
    const listed = await t.get('/muro', { headers: { cookie: 'cookies=1; muro_vista=2' } });
    expect(links(listed.body).filter((tag) => tag.includes('as="image"'))).toEqual([]);
    expect(listed.body).toContain('<script id="wall-first-page"');
    const grid = await t.get('/muro', { headers: { cookie: 'muro_vista=1' } });
    expect(links(grid.body).filter((tag) => tag.includes('as="image"'))).toHaveLength(posts.length);
    // Other pages do not read the wall.
    const contact = (await t.get('/contacto')).body;
    expect(contact).not.toContain('as="image"');
    expect(contact).not.toContain('wall-first-page');
  });
});

describe('source maps', () => {
  it('are never served, even when a build left one in the published folder', async () => {
    const code = await t.get('/assets/muro-m1.js');
    expect(code.status).toBe(200);
    const map = await t.get('/assets/muro-m1.js.map');
    expect(map.status).toBe(404);
    expect(map.headers.get('content-type')).not.toContain('json');
    expect(map.body).not.toContain('sources');
  });
});
