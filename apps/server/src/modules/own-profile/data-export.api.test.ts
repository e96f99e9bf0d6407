import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPost, fetchMedia, makePhoto } from '../../test/posts-factory.js';
import { readZip } from '../../test/zip.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

async function download(url: string) {
  const response = await fetch(`${t.baseUrl}${url}`);
  return {
    status: response.status,
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

async function exportLink(token: string, password: string): Promise<string> {
  const answer = await t.post('/api/perfil/export', { token, body: { password } });
  expect(answer.body).toMatchObject({ state: 'OK', msg: MSG.exportReady });
  return answer.body.data.url as string;
}

describe('data export', () => {
  it('zips everything the user made, with their photos, and nothing of anyone else', async () => {
    const me = await t.createSession();
    const other = await t.createSession();
    const form = new FormData();
    form.append('d', 'Siempre rumbo al norte');
    form.append('imgperfil', new Blob([new Uint8Array(await makePhoto())]), 'yo.jpg');
    const { i: avatarUrl } = (await t.post('/api/perfil', { token: me.token, form })).body.data;

    const mine = [
      await createPost(t, me, { text: 'Amanecer en Finisterre #galicia' }),
      await createPost(t, me, { text: 'Noche en el área de Sarria' }),
    ];
    const theirs = await createPost(t, other, { text: 'Mi furgo en Picos' });
    const comment = async (who: { token: string }, url: string, c: string, p = 0) =>
      (await t.post(`/api/comment/create/${url}`, { token: who.token, body: { c, p } })).body.data
        .id as number;
    const myComment = await comment(me, theirs.url, 'Qué envidia de sitio');
    await comment(other, mine[0]!.url, 'Comentario ajeno que no es tuyo');
    await comment(other, theirs.url, 'Respuesta ajena', myComment);
    await t.post(`/api/like/post/${theirs.url}`, { token: me.token });
    await t.post(`/api/like/post/${mine[0]!.url}`, { token: other.token });
    await t.post(`/api/follow/user/${other.username}`, { token: me.token });
    await t.post(`/api/follow/user/${me.username}`, { token: other.token });
    const postId = await t.db
      .selectFrom('posts')
      .select('id')
      .where('url', '=', mine[0]!.url)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('notifications')
      .values({ user_id: me.id, actor_id: other.id, type: 'post_like', post_id: postId.id })
      .onConflict((oc) => oc.doNothing())
      .execute();

    await t.db
      .insertInto('chat_messages')
      .values([
        { sender_id: me.id, recipient_id: other.id, body: 'Nos vemos en Sarria' },
        { sender_id: other.id, recipient_id: me.id, body: 'Mensaje ajeno del chat' },
      ])
      .execute();
    await t.db.insertInto('chat_blocks').values({ blocker_id: me.id, blocked_id: other.id }).execute();

    const url = await exportLink(me.token, me.password);
    expect(url).toMatch(/^\/api\/perfil\/export\/[A-Za-z0-9_-]{43}$/);
    // A browser download sends no API-TOKEN: the link itself is the proof.
    const zip = await download(url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="nomadas-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    expect(zip.headers.get('cache-control')).toBe('no-store');

    const files = readZip(zip.body);
    const jsonOf = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));
    expect([...files.keys()].sort()).toEqual(
      [
        'LEEME.txt',
        'perfil.json',
        'posts.json',
        'comentarios.json',
        'likes.json',
        'seguimientos.json',
        'notificaciones.json',
        'mensajes.json',
        'denuncias.json',
        'contacto.json',
        'sesiones.json',
        'media/perfil/avatar.webp',
        `media/posts/${mine[0]!.url}.jpg`,
        `media/posts/${mine[1]!.url}.jpg`,
      ].sort(),
    );

    expect(jsonOf('perfil.json')).toMatchObject({
      usuario: me.username,
      email: me.email,
      descripcion: 'Siempre rumbo al norte',
      imagen_perfil: 'media/perfil/avatar.webp',
      imagen_portada: null,
    });
    expect(sha(files.get('media/perfil/avatar.webp')!)).toBe(sha((await fetchMedia(t, avatarUrl)).body));

    const posts = jsonOf('posts.json');
    expect(posts.map((p: { url: string }) => p.url)).toEqual(mine.map((p) => p.url));
    expect(posts[0]).toMatchObject({
      texto: 'Amanecer en Finisterre #galicia',
      hashtags: ['galicia'],
      likes: 1,
      comentarios: 1,
      foto: `media/posts/${mine[0]!.url}.jpg`,
    });
    for (const post of mine) {
      const photo = files.get(`media/posts/${post.url}.jpg`)!;
      expect(await sharp(photo).metadata()).toMatchObject({
        format: 'jpeg',
        width: post.width,
        height: post.height,
      });
      expect(sha(photo)).toBe(sha((await fetchMedia(t, post.mediaJpeg)).body));
    }

    expect(jsonOf('comentarios.json')).toEqual([
      {
        id: myComment,
        post: theirs.url,
        respuesta_a: null,
        texto: 'Qué envidia de sitio',
        fecha: expect.any(String),
        likes: 0,
      },
    ]);
    expect(jsonOf('likes.json').posts).toEqual([{ post: theirs.url, fecha: expect.any(String) }]);
    expect(jsonOf('seguimientos.json')).toEqual({
      sigues: [{ usuario: other.username, desde: expect.any(String) }],
      te_siguen: [{ usuario: other.username, desde: expect.any(String) }],
    });
    expect(jsonOf('notificaciones.json')).toContainEqual({
      tipo: 'post_like',
      de: other.username,
      post: mine[0]!.url,
      fecha: expect.any(String),
      vista: false,
    });

    expect(jsonOf('mensajes.json')).toEqual({
      enviados: [{ para: other.username, texto: 'Nos vemos en Sarria', fecha: expect.any(String) }],
      bloqueados: [{ usuario: other.username, desde: expect.any(String) }],
    });

    // Nothing of anyone else: not their comments (on my post or replying to mine), not their photos.
    const everything = [...files.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain('Comentario ajeno');
    expect(everything).not.toContain('Respuesta ajena');
    expect(everything).not.toContain('Mi furgo en Picos');
    expect(everything).not.toContain('Mensaje ajeno');
    expect(everything).not.toContain(other.email);
    const theirPhoto = sha((await fetchMedia(t, theirs.mediaJpeg)).body);
    expect([...files.values()].map(sha)).not.toContain(theirPhoto);
  });

  it('holds what the user made on the map: their places with their photos, reviews, confirmations, reports and shared position', async () => {
    const me = await t.createSession();
    const other = await t.createSession();
    const place = (who: { token: string }, name: string) =>
      t.post('/api/map/location', {
        token: who.token,
        body: { kind: 'default', name, lat: 42.4571, lng: -6.0594 },
      });
    const mine = (await place(me, 'Mi área junto al río')).body.data.urlpoint as string;
    const addPhoto = async (width: number) => {
      const form = new FormData();
      form.append(
        'media',
        new Blob([new Uint8Array(await makePhoto({ width }))], { type: 'image/jpeg' }),
        'a.jpg',
      );
      const answer = await t.post(`/api/map/location/${mine}/photo`, { token: me.token, form });
      expect(answer.body.state, JSON.stringify(answer.body)).toBe('OK');
      return (answer.body.data.photos as string[]).at(-1)!.replace(/\.webp$/, '.jpg');
    };
    const photos = [await addPhoto(800), await addPhoto(640)];
    const theirs = (await place(other, 'Su área')).body.data.urlpoint as string;
    await t.post(`/api/map/location/${theirs}/confirm`, { token: me.token });
    await t.post(`/api/map/location/${theirs}/review`, {
      token: me.token,
      body: { stars: 4, text: 'Tranquila y con sombra', stayed: '2025-06-01' },
    });
    await t.post(`/api/map/location/${theirs}/report`, {
      token: me.token,
      body: { reason: 'Ya no hay agua' },
    });
    await t.post(`/api/map/location/${mine}/review`, {
      token: other.token,
      body: { stars: 2, text: 'Opinión ajena sobre tu área', stayed: '2025-06-02' },
    });
    await t.post('/api/perfil/vehiculo', {
      token: me.token,
      body: { type: 'camper', length: 6.4, height: 2.9 },
    });
    const until = new Date(Date.now() + 3600_000);
    await t.db
      .insertInto('live_positions')
      .values({ user_id: me.id, lat: 42.46, lng: -6.06, type: 1, until_at: until })
      .execute();

    const files = readZip((await download(await exportLink(me.token, me.password))).body);
    const link = (urlpoint: string) => `${t.config.publicUrl}/mapa/location/${urlpoint}`;
    const photoFiles = [`media/lugares/${mine}-1.jpg`, `media/lugares/${mine}-2.jpg`];
    expect([...files.keys()]).toEqual(expect.arrayContaining(['mapa.json', ...photoFiles]));
    const map = JSON.parse(files.get('mapa.json')!.toString('utf8'));
    // My vehicle (issue #32) goes with the profile.
    expect(JSON.parse(files.get('perfil.json')!.toString('utf8')).vehiculo).toEqual({
      tipo: 'camper',
      longitud_m: 6.4,
      altura_m: 2.9,
      peso_t: null,
    });
    expect(map.lugares).toEqual([
      expect.objectContaining({
        nombre: 'Mi área junto al río',
        enlace: link(mine),
        lat: 42.4571,
        lng: -6.0594,
        borrador: true,
        fotos: photoFiles,
      }),
    ]);
    for (const [i, url] of photos.entries()) {
      expect(sha(files.get(photoFiles[i]!)!)).toBe(sha((await fetchMedia(t, url)).body));
    }
    expect(map.opiniones).toEqual([
      {
        lugar: link(theirs),
        estrellas: 4,
        texto: 'Tranquila y con sombra',
        estancia: '2025-06-01',
        fecha: expect.any(String),
        editada: expect.any(String),
      },
    ]);
    expect(map.confirmaciones).toEqual([{ lugar: link(theirs), fecha: expect.any(String) }]);
    expect(map.denuncias_de_lugares).toEqual([
      { lugar: link(theirs), motivo: 'Ya no hay agua', fecha: expect.any(String) },
    ]);
    expect(map.posicion_compartida).toEqual({
      lat: 42.46,
      lng: -6.06,
      con: 'amigos',
      hasta: until.toISOString(),
      actualizada: expect.any(String),
    });
    const everything = [...files.values()].map((bytes) => bytes.toString('utf8')).join('\n');
    expect(everything).not.toContain('Opinión ajena');
    expect(everything).not.toContain('Su área');
  });

  it('asks for the password; the link works once and not after it expires', async () => {
    const me = await t.createSession();
    expect((await t.post('/api/perfil/export', { token: me.token, body: {} })).body).toEqual({
      state: 'KO',
      msg: MSG.passwordConfirmRequired,
    });
    expect(
      (await t.post('/api/perfil/export', { token: me.token, body: { password: 'no-es-la-mia' } })).body,
    ).toEqual({
      state: 'KO',
      msg: MSG.passwordWrong,
    });
    expect((await t.post('/api/perfil/export', { body: { password: me.password } })).status).toBe(401);

    const url = await exportLink(me.token, me.password);
    expect((await download(url)).status).toBe(200);
    const again = await t.get(url);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ state: 'KO', msg: MSG.exportLinkInvalid });

    const late = await exportLink(me.token, me.password);
    await t.db
      .updateTable('export_downloads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', me.id)
      .execute();
    expect((await t.get(late)).body).toEqual({ state: 'KO', msg: MSG.exportLinkInvalid });
    expect((await t.get('/api/perfil/export/inventado')).body).toEqual({
      state: 'KO',
      msg: MSG.exportLinkInvalid,
    });
  });

  it('stores only a hash of the download code', async () => {
    const me = await t.createSession();
    const code = (await exportLink(me.token, me.password)).split('/').pop()!;
    const rows = await t.db
      .selectFrom('export_downloads')
      .select('token_hash')
      .where('user_id', '=', me.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.token_hash).equals(crypto.createHash('sha256').update(code).digest())).toBe(
      true,
    );
  });
});
