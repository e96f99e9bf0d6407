import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';

/** Limits at their real size (25 failed logins per name in 5 minutes), a client address per request. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'loopback' });
});
afterAll(() => t?.close());

let addresses = 0;
const newAddress = () => `10.7.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** A login from `address` (a new one unless given), with the browser's cookie when there is one. */
const login = (username: string, password: string, from: { address?: string; cookie?: string } = {}) =>
  t.post('/api/login', {
    headers: {
      'x-forwarded-for': from.address ?? newAddress(),
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
    body: { username, password },
  });

/** The cookie a browser sends back after this answer. */
const cookieOf = (answer: { headers: Headers }) => answer.headers.get('set-cookie')?.split(';')[0];

/** A stranger's 25 wrong guesses, each from another address. */
async function guess(username: string) {
  const answers = [];
  for (let i = 0; i < 25; i++) answers.push(await login(username, `adivinanza-${i}`));
  return answers;
}

describe('login limits per name', () => {
  it('answer an unknown name exactly as a known one, before and past the limit', async () => {
    await t.createUser({ username: 'conocida', email: 'conocida@example.com' });
    for (const name of ['conocida', 'conocida@example.com', 'desconocida', 'nadie@example.com']) {
      const answers = [...(await guess(name)), await login(name, 'otra-mas')];
      expect(
        answers.map((answer) => [answer.status, answer.body]),
        name,
      ).toEqual([
        ...Array.from({ length: 25 }, () => [400, { state: 'KO', msg: MSG.badCredentials }]),
        [429, { state: 'KO', msg: MSG.tooManyRequests }],
      ]);
    }
  });

  it('let the owner in past the limit from a browser or an address that logged in before', async () => {
    const owner = await t.createUser({ username: 'duena_del_nombre' });
    const home = newAddress();
    const first = await login(owner.username, owner.password, { address: home });
    expect(first.body.token).toEqual(expect.any(String));
    const browser = cookieOf(first);
    expect(browser).toMatch(/^nomadas_dispositivo=[\w-]{43}$/);

    await guess(owner.username);
    // A stranger with the right password, from a new address and another browser: refused for the window.
    const stranger = await login(owner.username, owner.password);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner's browser, on a new network: in.
    const travelling = await login(owner.username, owner.password, { cookie: browser });
    expect(travelling.body).toMatchObject({ state: 'OK', token: expect.any(String) });
    // The owner's home address, in another browser: in.
    expect((await login(owner.username, owner.password, { address: home })).status).toBe(200);
    // A wrong password from the owner's browser is told so, not refused.
    const typo = await login(owner.username, 'casi-la-buena', { cookie: browser });
    expect(typo.body).toEqual({ state: 'KO', msg: MSG.badCredentials });
  });

  it('trust a browser only for the accounts it logged into, whatever tokens it sends', async () => {
    const ana = await t.createUser({ username: 'ana_comparte' });
    const luis = await t.createUser({ username: 'luis_comparte' });
    // One browser, two accounts: its cookie keeps a token for each.
    const anaCookie = cookieOf(await login(ana.username, ana.password));
    const shared = cookieOf(await login(luis.username, luis.password, { cookie: anaCookie }));
    expect(shared).toMatch(/^nomadas_dispositivo=[\w-]{43}\.[\w-]{43}$/);

    await guess(ana.username);
    await guess(luis.username);
    expect((await login(ana.username, ana.password, { cookie: shared })).status).toBe(200);
    expect((await login(luis.username, luis.password, { cookie: shared })).status).toBe(200);
    // A token made up, or planted in somebody's browser before they logged in, earns nothing.
    const planted = `nomadas_dispositivo=${crypto.randomBytes(32).toString('base64url')}`;
    expect((await login(ana.username, ana.password, { cookie: planted })).status).toBe(429);
  });

  it('set the device cookie for the login call only, out of scripts’ reach', async () => {
    const user = await t.createUser();
    const cookie = (await login(user.username, user.password)).headers.get('set-cookie')!;
    expect(cookie).toContain('; Path=/api/login;');
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Strict');
    expect(cookie).toMatch(/Max-Age=\d+/);
  });
});
