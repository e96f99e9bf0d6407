import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, POST_IMAGE_MAX_BYTES, PROFILE_DESCRIPTION_MAX } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPost, fetchMedia, listMediaFiles, makePhoto } from '../../test/posts-factory.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

type ProfileForm = { d?: string; imgperfil?: Buffer; imgcab?: Buffer; extraFile?: Buffer };

/** POST /api/perfil as the settings tab sends it: multipart `d`, `imgperfil`, `imgcab`. */
function saveProfile(token: string | undefined, fields: ProfileForm) {
  const form = new FormData();
  if (fields.d !== undefined) form.append('d', fields.d);
  const file = (name: string, body: Buffer | undefined) => {
    if (body) form.append(name, new Blob([new Uint8Array(body)], { type: 'image/jpeg' }), `${name}.jpg`);
  };
  file('imgperfil', fields.imgperfil);
  file('imgcab', fields.imgcab);
  return t.post('/api/perfil', { token, form });
}

const userRow = (id: string) =>
  t.db
    .selectFrom('users')
    .select(['description', 'img_profile', 'img_cover'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('GET /api/perfil', () => {
  it('answers the own profile with the e-mail, only with a session', async () => {
    const me = await t.createSession();
    expect((await t.get('/api/perfil')).status).toBe(401);
    const answer = await t.get('/api/perfil', { token: me.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      state: 'OK',
      data: {
        username: me.username,
        email: me.email,
        imgperfil: '',
        imgcab: '',
        d: '',
        email_pendiente: null,
      },
    });
  });
});

describe('POST /api/perfil', () => {
  it('saves the description and answers the session fields the header shows', async () => {
    const me = await t.createSession();
    const answer = await saveProfile(me.token, {
      d: '  Furgo camper desde 2019, siempre hacia el norte 🚐  ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      state: 'OK',
      msg: MSG.profileUpdated,
      data: { i: '', ic: '', d: 'Furgo camper desde 2019, siempre hacia el norte 🚐' },
    });
    const login = await t.post('/api/login', { body: { username: me.username, password: me.password } });
    expect(login.body.d).toBe('Furgo camper desde 2019, siempre hacia el norte 🚐');
  });

  it('caps the description, counting an emoji as one character', async () => {
    const me = await t.createSession();
    const fits = '🚐'.repeat(PROFILE_DESCRIPTION_MAX);
    expect((await saveProfile(me.token, { d: fits })).body.data.d).toBe(fits);
    const tooLong = await saveProfile(me.token, { d: `${fits}x` });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ state: 'KO', msg: MSG.descriptionTooLong });
    expect(tooLong.body.msg).toMatch(/^La descripción no puede ocupar más de \d+ caracteres$/);
    expect((await userRow(me.id)).description).toBe(fits);
  });

  it('re-encodes the avatar and the cover: WebP, metadata gone, served; the old files go', async () => {
    const me = await t.createSession();
    const first = await saveProfile(me.token, {
      imgperfil: await makePhoto({ width: 300, height: 200, withGps: true }),
      imgcab: await makePhoto({ width: 1600, height: 500, withGps: true }),
    });
    expect(first.status).toBe(200);
    const { i, ic } = first.body.data as { i: string; ic: string };
    expect(i).toMatch(/^\/media\/avatars\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(ic).toMatch(/^\/media\/covers\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);

    const avatar = await fetchMedia(t, i);
    expect(avatar.status).toBe(200);
    const avatarMeta = await sharp(avatar.body).metadata();
    expect(avatarMeta).toMatchObject({ format: 'webp', width: 480, height: 480 });
    expect(avatarMeta.exif).toBeUndefined();
    const coverMeta = await sharp((await fetchMedia(t, ic)).body).metadata();
    expect(coverMeta).toMatchObject({ format: 'webp', width: 1440, height: 450 });
    expect(coverMeta.exif).toBeUndefined();

    // A new avatar replaces the old file; the cover, not sent, stays as it was.
    const second = await saveProfile(me.token, { imgperfil: await makePhoto() });
    expect(second.body.data.ic).toBe(ic);
    expect(second.body.data.i).not.toBe(i);
    const files = await listMediaFiles(t);
    expect(files).not.toContain(i.replace('/media/', ''));
    expect(files).toContain(second.body.data.i.replace('/media/', ''));
    expect(files).toContain(ic.replace('/media/', ''));
    expect((await fetchMedia(t, i)).status).toBe(404);
    expect(await userRow(me.id)).toMatchObject({ img_profile: second.body.data.i, img_cover: ic });
  });

  it('shows the new avatar on the wall at once', async () => {
    const me = await t.createSession();
    const post = await createPost(t, me);
    const { i } = (await saveProfile(me.token, { imgperfil: await makePhoto() })).body.data;
    expect((await t.get(`/api/post/${post.url}`)).body.data.userimg).toBe(i);
    const page = await t.get('/api/posts?1&n=0&l=12&tag=&cm=1', { token: me.token });
    expect(page.body.data.data.find((p: { url: string }) => p.url === post.url).userimg).toBe(i);
  });

  it('refuses a file that is not an image with a clear message and leaves nothing behind', async () => {
    const me = await t.createSession();
    await saveProfile(me.token, { d: 'Antes', imgperfil: await makePhoto() });
    const before = { row: await userRow(me.id), files: await listMediaFiles(t) };

    for (const fields of [
      { d: 'Después', imgperfil: Buffer.from('%PDF-1.7 esto no es una foto') },
      // A good avatar with a bad cover: the avatar is not stored either.
      {
        d: 'Después',
        imgperfil: await makePhoto(),
        imgcab: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    ]) {
      const answer = await saveProfile(me.token, fields);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: 'KO', msg: MSG.postImageInvalid });
      expect(await userRow(me.id)).toEqual(before.row);
      expect(await listMediaFiles(t)).toEqual(before.files);
    }
  });

  it('needs a session, a form and something to save', async () => {
    const me = await t.createSession();
    expect((await saveProfile(undefined, { d: 'hola' })).status).toBe(401);
    const json = await t.post('/api/perfil', { token: me.token, body: { d: 'hola' } });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ state: 'KO', msg: MSG.invalidInput });
    const empty = await saveProfile(me.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ state: 'KO', msg: MSG.profileNothingToUpdate });
  });

  it('refuses an upload declared larger than two photos before reading it', async () => {
    const me = await t.createSession();
    // Headers only: the server must answer without waiting for a body that never comes.
    const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const request = http.request(`${t.baseUrl}/api/perfil`, {
        method: 'POST',
        headers: {
          'api-token': me.token,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(2 * POST_IMAGE_MAX_BYTES + 1024 * 1024),
        },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => {
          resolve({ status: response.statusCode!, body: JSON.parse(text) });
          request.destroy();
        });
      });
      request.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.postImageTooLarge });
  });
});
