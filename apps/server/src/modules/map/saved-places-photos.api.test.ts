import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MAP_LOCATION_PHOTOS_MAX, MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { createPlace } from '../../test/map-factory.js';
import { listMediaFiles, makePhoto } from '../../test/posts-factory.js';
import { readZip } from '../../test/zip.js';

// "Mis lugares" and everybody's photos of a place (issue #32).

let t: TestServer;
type Session = Awaited<ReturnType<TestServer['createSession']>>;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const sheet = async (urlpoint: string, who?: Session) =>
  (await t.get(`/api/map/location/${urlpoint}`, { token: who?.token })).body.data;
const save = (who: Session | undefined, urlpoint: string, saved: unknown, key?: string) =>
  t.post(`/api/map/location/${urlpoint}/save`, {
    token: who?.token,
    body: { saved },
    headers: key ? { 'idempotency-key': key } : {},
  });
const savedList = (who: Session) => t.get('/api/map/saved', { token: who.token });
/** Sends only the headers of an upload: a server that read the body before refusing would never answer. */
function headersOnly(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = http.request(`${t.baseUrl}${path}`, { method: 'POST', headers });
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
}
const sendPhoto = (who: Session, urlpoint: string, photo: Buffer) => {
  const form = new FormData();
  form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'area.jpg');
  return t.post(`/api/map/location/${urlpoint}/photo`, { token: who.token, form });
};

describe('Mis lugares', () => {
  it('saves and unsaves a place for its user only, the last saved first, once per key', async () => {
    const [ana, luis] = [await t.createSession(), await t.createSession()];
    const astorga = await createPlace(t, { name: 'Área de Astorga' });
    const ponferrada = await createPlace(t, { name: 'Área de Ponferrada', municipality: 'Ponferrada' });

    expect((await save(undefined, astorga.urlpoint, true)).status).toBe(401);
    expect((await save(ana, 'no-existe', true)).status).toBe(404);
    expect((await save(ana, astorga.urlpoint, 'sí')).body).toEqual({ state: 'KO', msg: MSG.invalidInput });

    expect((await save(ana, astorga.urlpoint, true)).body).toEqual({
      state: 'OK',
      msg: MSG.mapPlaceSaved,
      data: { saved: true },
    });
    // Saving again leaves one; a retry of a key replays without writing.
    expect((await save(ana, astorga.urlpoint, true)).body.data).toEqual({ saved: true });
    expect((await save(ana, ponferrada.urlpoint, true, 'guardar-ponferrada-1')).status).toBe(200);
    const replay = await save(ana, ponferrada.urlpoint, true, 'guardar-ponferrada-1');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const list = (await savedList(ana)).body.data;
    expect(list.map((place: { u: string }) => place.u)).toEqual([ponferrada.urlpoint, astorga.urlpoint]);
    expect(list[1]).toMatchObject({ n: 'Área de Astorga', k: 'default', municipality: 'Astorga', thumb: '' });
    expect((await sheet(astorga.urlpoint, ana)).saved).toBe(true);

    // Somebody else's list and sheet know nothing of it, and their unsaving touches only their own.
    expect((await savedList(luis)).body.data).toEqual([]);
    expect((await sheet(astorga.urlpoint, luis)).saved).toBe(false);
    expect((await sheet(astorga.urlpoint)).saved).toBe(false);
    expect((await save(luis, astorga.urlpoint, false)).body.data).toEqual({ saved: false });
    expect((await savedList(ana)).body.data).toHaveLength(2);

    expect((await save(ana, astorga.urlpoint, false)).body).toMatchObject({ msg: MSG.mapPlaceUnsaved });
    expect((await savedList(ana)).body.data.map((place: { u: string }) => place.u)).toEqual([
      ponferrada.urlpoint,
    ]);
    expect((await t.get('/api/map/saved')).status).toBe(401);
  });
});

describe('photos of a place', () => {
  it('takes up to six from each user, through the pipeline, refused before the body is read', async () => {
    const [author, ana, luis] = [await t.createSession(), await t.createSession(), await t.createSession()];
    const place = await createPlace(t, { authorId: author.id });
    // Somebody who did not add the place adds a photo; its metadata does not survive the pipeline.
    const added = await sendPhoto(ana, place.urlpoint, await makePhoto({ withGps: true }));
    expect(added.body).toMatchObject({ state: 'OK', msg: MSG.mapPhotoAdded });
    expect(added.body.data.photos).toEqual([expect.stringMatching(/^\/media\/posts\/.+-1440\.webp$/)]);
    expect(added.body.data.ownPhotos).toEqual(added.body.data.photoIds);
    expect((await sheet(place.urlpoint, luis)).ownPhotos).toEqual([]);

    // Five more stems of ana's (no files needed) fill her hand.
    const fill = Array.from(
      { length: MAP_LOCATION_PHOTOS_MAX - 1 },
      (_, i) => `posts/00/${String(i).repeat(32)}`,
    );
    for (const media of fill) {
      await t.db
        .insertInto('map_location_photos')
        .values({ location_id: place.id, user_id: ana.id, media })
        .execute();
    }
    await sql`update map_locations set photos = photos || ${sql.val(fill)}::text[] where id = ${place.id}`.execute(
      t.db,
    );
    const before = await listMediaFiles(t);
    // The refusal comes before the body: a declared 10 MB that is never sent is answered.
    const early = await headersOnly(`/api/map/location/${place.urlpoint}/photo`, {
      'api-token': ana.token,
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': '10000000',
    });
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ state: 'KO', msg: MSG.mapPhotosYours });
    expect((await sendPhoto(ana, place.urlpoint, await makePhoto())).body).toEqual({
      state: 'KO',
      msg: MSG.mapPhotosYours,
    });
    expect(await listMediaFiles(t)).toEqual(before);
    // Another user still has their six.
    const luisAdded = await sendPhoto(luis, place.urlpoint, await makePhoto());
    expect(luisAdded.body.data.photos).toHaveLength(MAP_LOCATION_PHOTOS_MAX + 1);
  });

  it('lets only the user who added a photo delete it', async () => {
    const [ana, luis] = [await t.createSession(), await t.createSession()];
    const place = await createPlace(t);
    const { photoIds } = (await sendPhoto(ana, place.urlpoint, await makePhoto())).body.data;
    const [id] = photoIds as string[];
    const remove = (who: Session | undefined, photo = id) =>
      t.request('DELETE', `/api/map/location/${place.urlpoint}/photo/${photo}`, { token: who?.token });

    expect((await remove(undefined)).status).toBe(401);
    expect((await remove(luis)).status).toBe(403);
    expect((await remove(ana, 'f'.repeat(32))).status).toBe(404);
    expect((await remove(ana, 'no-es-un-id')).status).toBe(400);
    expect((await sheet(place.urlpoint)).photos).toHaveLength(1);

    const before = await listMediaFiles(t);
    const answer = await remove(ana);
    expect(answer.body).toMatchObject({
      state: 'OK',
      msg: MSG.mapPhotoDeleted,
      data: { photos: [], ownPhotos: [] },
    });
    // Its files went with it (nothing else shows them).
    expect((await listMediaFiles(t)).length).toBeLessThan(before.length);
  });
});

describe('an account going', () => {
  it('takes its photos off other people’s places and leaves theirs', async () => {
    const [author, leaving] = [await t.createSession(), await t.createSession()];
    const place = await createPlace(t, { authorId: author.id });
    const kept = (await sendPhoto(author, place.urlpoint, await makePhoto())).body.data.photos;
    await sendPhoto(leaving, place.urlpoint, await makePhoto());
    await save(leaving, place.urlpoint, true);
    expect((await sheet(place.urlpoint)).photos).toHaveLength(2);

    const gone = await t.post('/api/perfil/delete', {
      token: leaving.token,
      body: { password: leaving.password },
    });
    expect(gone.body.state).toBe('OK');
    expect((await sheet(place.urlpoint)).photos).toEqual(kept);
    const saves = await t.db
      .selectFrom('map_saved_places')
      .selectAll()
      .where('user_id', '=', leaving.id)
      .execute();
    expect(saves).toEqual([]);
  });
});

describe('the data export', () => {
  it('lists the saved places and the photos added to other people’s places', async () => {
    const [me, other] = [await t.createSession(), await t.createSession()];
    const theirs = await createPlace(t, { authorId: other.id, name: 'Área de otra persona' });
    await save(me, theirs.urlpoint, true);
    await sendPhoto(me, theirs.urlpoint, await makePhoto());
    await sendPhoto(other, theirs.urlpoint, await makePhoto({ width: 300 }));

    const link = await t.post('/api/perfil/export', { token: me.token, body: { password: me.password } });
    const zip = await fetch(`${t.baseUrl}${link.body.data.url}`);
    const files = readZip(Buffer.from(await zip.arrayBuffer()));
    const map = JSON.parse(files.get('mapa.json')!.toString('utf8'));
    const url = `${t.config.publicUrl}/mapa/location/${theirs.urlpoint}`;
    expect(map.lugares_guardados).toEqual([
      { nombre: 'Área de otra persona', lugar: url, fecha: expect.any(String) },
    ]);
    expect(map.fotos_en_otros_lugares).toEqual([
      { lugar: url, foto: `media/fotos-de-lugares/${theirs.urlpoint}-1.jpg`, fecha: expect.any(String) },
    ]);
    expect(files.has(`media/fotos-de-lugares/${theirs.urlpoint}-1.jpg`)).toBe(true);
    expect(files.has(`media/fotos-de-lugares/${theirs.urlpoint}-2.jpg`)).toBe(false);
  });
});
