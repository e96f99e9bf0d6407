import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.js';
import { createPost } from '../../test/posts-factory.js';
import { startTestServerWithPages } from '../../test/web-pages.js';
import { summarize } from './post-page-meta.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServerWithPages();
});
afterAll(async () => {
  await t?.close();
});

describe('link previews of /muro/{post}', () => {
  it('writes the author, the text and the photo into the page head', async () => {
    const author = await t.createSession({ username: 'marta_en_ruta' });
    const post = await createPost(t, author, { text: 'Noche de estrellas en "Gredos" <3 #astro' });
    const page = await t.get(`/muro/${post.url}`);
    expect(page.status).toBe(200);
    const html: string = page.body;
    expect(html).toContain('<title>marta_en_ruta - nómadas.tv</title>');
    expect(html).toContain(
      '<meta name="description" content="Noche de estrellas en &quot;Gredos&quot; &lt;3 #astro">',
    );
    expect(html).toContain(`<meta property="og:image" content="http://nomadas.test${post.mediaJpeg}">`);
    expect(html).toContain(`<meta property="og:url" content="http://nomadas.test/muro/${post.url}">`);

    await t.post(`/api/update/post/${post.url}`, { token: author.token, body: { text: 'Texto editado' } });
    expect((await t.get(`/muro/${post.url}`)).body).toContain(
      '<meta name="description" content="Texto editado">',
    );
  });

  it("keeps `$&`, `$'` and `$$` in a post's text as they are", async () => {
    const author = await t.createSession();
    const text = "Gasoil a 1,5$ el litro: $& $' $` $$ #precios";
    const post = await createPost(t, author, { text });
    const html: string = (await t.get(`/muro/${post.url}`)).body;
    const escaped = text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    expect(html).toContain(`<meta name="description" content="${escaped}">`);
    expect(html).toContain('<div id="root"></div></body></html>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('falls back to the default head for a missing or hidden post', async () => {
    const page = await t.get('/muro/no-existe-abc123');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>nómadas.tv · la red social de los nómadas en autocaravana</title>');
    expect(page.body).not.toContain('og:image');
    const author = await t.createSession();
    const hidden = await createPost(t, author, { text: 'Oculto por denuncias' });
    expect((await t.get(`/muro/${hidden.url}`)).body).toContain('Oculto por denuncias');
    await t.db.updateTable('posts').set({ hidden_at: new Date() }).where('url', '=', hidden.url).execute();
    const hiddenPage = await t.get(`/muro/${hidden.url}`);
    expect(hiddenPage.status).toBe(200);
    expect(hiddenPage.body).not.toContain('Oculto por denuncias');
    expect(hiddenPage.body).not.toContain('og:image');
  });
});

describe('summarize', () => {
  it('folds whitespace and cuts long text at 160 characters without splitting an emoji', () => {
    expect(summarize('  hola\n\n  mundo ')).toBe('hola mundo');
    const cut = summarize('🚐'.repeat(200));
    expect([...cut]).toHaveLength(160);
    expect(cut.endsWith('🚐…')).toBe(true);
    expect(summarize('a'.repeat(160))).toBe('a'.repeat(160));
  });
});
