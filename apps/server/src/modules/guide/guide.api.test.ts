import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { readOutbox } from '../../test/outbox.js';
import { createPlace } from '../../test/map-factory.js';
import { readZip } from '../../test/zip.js';
import { readGuideFile } from './guide-file.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe("the '10 joyas' guide (issue #33)", () => {
  it('is announced in the activation mail and in the account of whoever registers', async () => {
    const register = await t.post('/api/register', {
      body: {
        username: 'joyas_nueva',
        email: 'joyas@example.com',
        password: 'furgo-ruta-2026',
        password_confirmation: 'furgo-ruta-2026',
      },
    });
    expect(register.body).toEqual({ state: 'OK', msg: MSG.registered });
    const link = await t.mailLink('joyas@example.com', '/verificar/');
    const mail = (await readOutbox(t.config.mailOutboxDir)).find((m) => m.to.includes('joyas@example.com'))!;
    expect(mail.text).toContain(`la guía «${t.ctx.guide.title}»`);
    expect(mail.text).toContain(`${t.config.publicUrl}/guia`);

    await t.post(`/api/verificar/${link!.split('/').pop()}`);
    const login = await t.post('/api/login', {
      body: { username: 'joyas_nueva', password: 'furgo-ruta-2026' },
    });
    const token = login.body.token as string;

    // One gem's area is on this map; the others are not (their sheets come with the map's own places).
    await createPlace(t, { urlpoint: 'area-autocaravanas-albarracin', name: 'Área de Albarracín' });
    const guide = await t.get('/api/guia', { token });
    expect(guide.status).toBe(200);
    const file = JSON.parse(await readFile(t.config.guideFile, 'utf8')) as { gems: { slug: string }[] };
    expect(guide.body.data.title).toBe('10 joyas turísticas de España para viajar en autocaravana');
    expect(guide.body.data.gems.map((gem: { slug: string }) => gem.slug)).toEqual(
      file.gems.map((gem) => gem.slug),
    );
    expect(guide.body.data.gems).toHaveLength(10);
    const albarracin = guide.body.data.gems.find((gem: { slug: string }) => gem.slug === 'albarracin');
    expect(albarracin).toMatchObject({
      title: 'Albarracín',
      why: expect.stringContaining('Guadalaviar'),
      when: expect.any(String),
      offers: expect.arrayContaining([expect.any(String)]),
      place: {
        urlpoint: 'area-autocaravanas-albarracin',
        name: 'Área de Albarracín',
        rating: null,
        reviews: 0,
      },
    });
    const ronda = guide.body.data.gems.find((gem: { slug: string }) => gem.slug === 'ronda');
    expect(ronda.place).toBeNull();
  });

  it('is for logged-in users: a visitor is asked to log in', async () => {
    const answer = await t.get('/api/guia');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.sessionRequired });
  });

  it("refuses an operator's file with a mistake, naming the field", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'guia-'));
    const good = JSON.parse(await readFile(t.config.guideFile, 'utf8')) as {
      gems: { place: { lat: number } }[];
    };
    good.gems[3]!.place.lat = 52.1;
    const bad = path.join(dir, 'guia.json');
    await writeFile(bad, JSON.stringify(good));
    await expect(readGuideFile(bad)).rejects.toThrow(/gems\[3\]\.place\.lat/);
    await writeFile(bad, '{ "title": ');
    await expect(readGuideFile(bad)).rejects.toThrow(/could not be read as JSON/);
  });
});

describe('Premium: "Avísame" (issue #33)', () => {
  it('records a user once, however often they press it, and the moderators read the list', async () => {
    const user = await t.createSession({ username: 'quiere_premium' });
    const before = await t.get('/api/premium/interest', { token: user.token });
    expect(before.body.data).toEqual({ interested: false, since: null });

    const first = await t.post('/api/premium/interest', { token: user.token });
    expect(first.body).toMatchObject({
      state: 'OK',
      msg: MSG.premiumInterestSaved,
      data: { interested: true },
    });
    const again = await t.post('/api/premium/interest', { token: user.token });
    expect(again.body.data).toEqual(first.body.data);
    const rows = await t.db
      .selectFrom('premium_interest')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);

    const forbidden = await t.get('/api/moderacion/premium', { token: user.token });
    expect(forbidden.status).toBe(403);
    const moderator = await t.createSession({ username: 'mod_premium' });
    await t.db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    const list = await t.get('/api/moderacion/premium', { token: moderator.token });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.users).toEqual([
      { username: 'quiere_premium', img: '', since: first.body.data.since },
    ]);

    // The user's data export says so (RGPD).
    const link = await t.post('/api/perfil/export', { token: user.token, body: { password: user.password } });
    const zip = await fetch(`${t.baseUrl}${link.body.data.url as string}`);
    const files = readZip(Buffer.from(await zip.arrayBuffer()));
    expect(JSON.parse(files.get('premium.json')!.toString('utf8'))).toEqual({
      avisame: true,
      desde: first.body.data.since,
    });
  });

  it('needs a session', async () => {
    expect((await t.post('/api/premium/interest')).status).toBe(401);
    expect((await t.get('/api/moderacion/premium')).status).toBe(401);
  });
});
