import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';
import { startTestServerWithPages } from '../../test/web-pages.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServerWithPages();
});
afterAll(() => t?.close());

describe('link previews of /mapa/location/{urlpoint}', () => {
  it('writes the place’s name, description and first photo into the page head', async () => {
    const place = await createPlace(t, {
      urlpoint: 'area-autocaravanas-astorga',
      name: 'Área de autocaravanas de Astorga',
      description: 'Junto a la muralla romana, a "cinco" minutos de la catedral.',
      photos: ['posts/ab/abcdef'],
    });
    const page = await t.get(`/mapa/location/${place.urlpoint}`);
    expect(page.status).toBe(200);
    const html: string = page.body;
    expect(html).toContain('<title>Área de autocaravanas de Astorga - nómadas.tv</title>');
    expect(html).toContain(
      '<meta name="description" content="Junto a la muralla romana, a &quot;cinco&quot; minutos de la catedral.">',
    );
    expect(html).toContain(
      '<meta property="og:image" content="http://nomadas.test/media/posts/ab/abcdef-1440.jpg">',
    );
    expect(html).toContain(
      '<meta property="og:url" content="http://nomadas.test/mapa/location/area-autocaravanas-astorga">',
    );
  });

  it('says where the place is when it has no description', async () => {
    const place = await createPlace(t, { name: 'Gasolinera GLP', kind: 'glp', description: '' });
    const html: string = (await t.get(`/mapa/location/${place.urlpoint}`)).body;
    expect(html).toContain(
      '<meta name="description" content="Gasolinera GLP en Astorga, León: servicios, precio, límites del vehículo y opiniones de otros nómadas.">',
    );
    expect(html).not.toContain('og:image');
  });

  it('answers the 404 page for an unknown place or a draft', async () => {
    const draft = await createPlace(t, { status: 'draft' });
    for (const path of ['/mapa/location/no-existe', `/mapa/location/${draft.urlpoint}`]) {
      const page = await t.get(path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('serves the app for the old map paths, which redirect in the browser', async () => {
    for (const path of [
      '/mapitems/areasac',
      '/mapitems/areasac/provincia/leon',
      '/areas/astorga',
      '/areas/ponferrada',
    ]) {
      expect((await t.get(path)).status, path).toBe(200);
    }
  });
});
