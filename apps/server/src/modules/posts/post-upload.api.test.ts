import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { fetchMedia, listMediaFiles, makePhoto, uploadPost } from '../../test/posts-factory.js';

let t: TestServer;
let author: Awaited<ReturnType<TestServer['createSession']>>;
beforeAll(async () => {
  t = await startTestServer();
  author = await t.createSession();
});
afterAll(() => t?.close());

const postCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A refused upload leaves the database and the media folder exactly as they were. */
async function expectRefusedWithoutTrace(upload: Promise<{ status: number; body: any }>, msg: string) {
  const [postsBefore, filesBefore] = [await postCount(), await listMediaFiles(t)];
  const answer = await upload;
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ state: 'KO', msg });
  expect(await postCount()).toBe(postsBefore);
  expect(await listMediaFiles(t)).toEqual(filesBefore);
}

describe('POST /api/post/create', () => {
  it('re-encodes the photo: EXIF and GPS gone, orientation applied, display and thumbnail in WebP and JPEG, a 240 px thumbnail in WebP', async () => {
    const photo = await makePhoto({ width: 64, height: 48, orientation: 6, withGps: true });
    const input = await sharp(photo).metadata();
    expect(input.exif?.includes(Buffer.from('FurgoCam'))).toBe(true);
    expect(input.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer tag

    const answer = await uploadPost(t, author.token, {
      text: 'Atardecer en la Costa da Morte #galicia',
      image: photo,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('OK');
    expect(answer.body.msg).toBe(MSG.postCreated);
    const post = answer.body.data;
    expect(post).toMatchObject({
      url: expect.stringMatching(/^atardecer-en-la-costa-da-morte-[a-z0-9]{6}$/),
      username: author.username,
      mediatext: 'Atardecer en la Costa da Morte #galicia',
      descripcion: null,
      likes: 0,
      islike: 0,
      comentarios: 0,
      self: true,
      index: 0,
      width: 48,
      height: 64,
    });
    expect(post.follow).toBeUndefined();
    expect(new Date(post.date).toISOString()).toBe(post.date);
    expect(post.media).toMatch(/^\/media\/posts\/[0-9a-f]{2}\/[0-9a-f]{32}-1440\.webp$/);

    const expected = [
      [post.media, 'webp', 48, 64],
      [post.mediaJpeg, 'jpeg', 48, 64],
      [post.thumb, 'webp', 480, 480],
      [post.thumbJpeg, 'jpeg', 480, 480],
      [post.thumbSmall, 'webp', 240, 240],
    ] as const;
    for (const [url, format, width, height] of expected) {
      const file = await fetchMedia(t, url);
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const served = await sharp(file.body).metadata();
      expect(served).toMatchObject({ format, width, height });
      expect(served.exif).toBeUndefined();
      expect(served.xmp).toBeUndefined();
      expect(served.orientation).toBeUndefined();
      expect(file.body.includes(Buffer.from('FurgoCam'))).toBe(false);
    }
  });

  it('stores hashtags and mentions of existing users', async () => {
    const mentioned = await t.createUser({ username: 'luisa_ruta' });
    const post = (
      await uploadPost(t, author.token, {
        text: 'Con @luisa_ruta y @nadie_existe en #Picos #picos #Asturias',
      })
    ).body.data;
    const row = await t.db
      .selectFrom('posts')
      .select('id')
      .where('url', '=', post.url)
      .executeTakeFirstOrThrow();
    const tags = await t.db
      .selectFrom('post_hashtags')
      .select('tag')
      .where('post_id', '=', row.id)
      .orderBy('tag')
      .execute();
    expect(tags.map((tag) => tag.tag)).toEqual(['asturias', 'picos']);
    const mentions = await t.db
      .selectFrom('post_mentions')
      .select('user_id')
      .where('post_id', '=', row.id)
      .execute();
    expect(mentions).toEqual([{ user_id: mentioned.id }]);
  });

  it('accepts 500 characters of emoji (a surrogate pair counts once) and refuses 501', async () => {
    const emoji = '🚐'.repeat(500);
    expect(emoji.length).toBe(1000);
    const accepted = await uploadPost(t, author.token, { text: emoji });
    expect(accepted.body.state).toBe('OK');
    expect(accepted.body.data.mediatext).toBe(emoji);
    expect(accepted.body.data.url).toMatch(/^foto-[a-z0-9]{6}$/);
    await expectRefusedWithoutTrace(
      uploadPost(t, author.token, { text: 'a'.repeat(501) }),
      MSG.postTextTooLong,
    );
  });

  it('refuses what is not an image, and keeps nothing', async () => {
    const junk = crypto.randomBytes(4096);
    await expectRefusedWithoutTrace(
      uploadPost(t, author.token, { image: junk, filename: 'foto.jpg' }),
      MSG.postImageInvalid,
    );
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    await expectRefusedWithoutTrace(
      uploadPost(t, author.token, { image: svg, contentType: 'image/svg+xml' }),
      MSG.postImageInvalid,
    );
    const truncated = (await makePhoto({ width: 200, height: 200 })).subarray(0, 400);
    await expectRefusedWithoutTrace(uploadPost(t, author.token, { image: truncated }), MSG.postImageInvalid);
  });

  it('refuses an empty file and a form without a file', async () => {
    await expectRefusedWithoutTrace(
      uploadPost(t, author.token, { image: Buffer.alloc(0) }),
      MSG.postImageEmpty,
    );
    await expectRefusedWithoutTrace(
      uploadPost(t, author.token, { image: null, text: 'sin foto' }),
      MSG.postImageRequired,
    );
    const json = await t.post('/api/post/create', { token: author.token, body: { text: 'hola' } });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ state: 'KO', msg: MSG.postImageRequired });
  });

  it('refuses a file over 15 MB and an image over 40 megapixels', async () => {
    const huge = Buffer.concat([await makePhoto(), crypto.randomBytes(15 * 1024 * 1024)]);
    await expectRefusedWithoutTrace(uploadPost(t, author.token, { image: huge }), MSG.postImageTooLarge);
    // A flat PNG compresses to a few KB however many pixels it has: only the pixel limit stops it.
    const wide = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect(wide.length).toBeLessThan(15 * 1024 * 1024);
    await expectRefusedWithoutTrace(
      uploadPost(t, author.token, { image: wide, contentType: 'image/png' }),
      MSG.postImageTooLarge,
    );
  });

  it('scales a large photo down to 1440 px and accepts PNG with transparency', async () => {
    const big = await sharp({
      create: { width: 3000, height: 2000, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const post = (await uploadPost(t, author.token, { image: big, contentType: 'image/png' })).body.data;
    expect([post.width, post.height]).toEqual([1440, 960]);
    const jpeg = await sharp((await fetchMedia(t, post.mediaJpeg)).body).metadata();
    expect(jpeg).toMatchObject({ width: 1440, height: 960, hasAlpha: false });
  });

  it('accepts a 5 MB photo (the 1 MB JSON body limit does not apply to uploads)', async () => {
    const noisy = await sharp({
      create: {
        width: 2400,
        height: 2400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(4 * 1024 * 1024);
    const answer = await uploadPost(t, author.token, { image: noisy });
    expect(answer.body.state).toBe('OK');
    expect([answer.body.data.width, answer.body.data.height]).toEqual([1440, 1440]);
  });

  it('needs a session', async () => {
    const before = await postCount();
    const answer = await uploadPost(t, undefined);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.sessionRequired });
    expect(await postCount()).toBe(before);
  });
});
