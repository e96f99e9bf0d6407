import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { readOutbox } from '../../test/outbox.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

/** Rate limits at their real size, and a client address per request through the proxy header. */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'loopback' });
});
afterAll(() => t?.close());

let addresses = 0;
/** Each call seems to come from a new address, so per-address limits stay out of the way. */
const from = () => ({ 'x-forwarded-for': `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}` });
const codeOf = (link: string) => link.split('/').pop()!;

const registration = (username: string, email: string, password = 'ruta-de-los-pueblos-negros') => ({
  headers: from(),
  body: { username, email, password, password_confirmation: password },
});

describe('registration', () => {
  it('answers an address that already has an account exactly as a new one, and tells its owner', async () => {
    const owner = await t.createUser({ email: 'duena@example.com' });
    const fresh = await t.post('/api/register', registration('alguien_nuevo', 'nueva@example.com'));
    const taken = await t.post('/api/register', registration('alguien_mas', 'DUENA@example.com'));
    expect(taken.status).toBe(fresh.status);
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body).toEqual({ state: 'OK', msg: MSG.registered });

    const made = await t.db
      .selectFrom('users')
      .select('username')
      .where('username', '=', 'alguien_mas')
      .execute();
    expect(made).toEqual([]);
    await t.ctx.outbox.flush();
    const toOwner = (await readOutbox(t.config.mailOutboxDir)).filter((mail) => mail.to.includes('duena@'));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.text).toContain('ya es el de tu cuenta');
    expect(toOwner[0]!.text).toContain(owner.username);
    expect(toOwner[0]!.text).not.toMatch(/verificar|nuevopass/);
  });

  it('still says when a username is taken: usernames are public anyway', async () => {
    const user = await t.createUser();
    const again = await t.post('/api/register', registration(user.username, 'otra@example.com'));
    expect(again.body).toEqual({ state: 'KO', msg: MSG.usernameTaken });
  });

  it('refuses common passwords and the username as password', async () => {
    for (const password of ['12345678', 'Password1', 'qwertyuiop']) {
      const answer = await t.post('/api/register', registration('comun_1', 'comun@example.com', password));
      expect(answer.status, password).toBe(400);
      expect(answer.body).toEqual({ state: 'KO', msg: MSG.passwordTooCommon });
    }
    const own = await t.post(
      '/api/register',
      registration('mi_furgo_azul', 'azul@example.com', 'mi_furgo_azul'),
    );
    expect(own.body.msg).toBe(MSG.passwordTooCommon);
  });
});

describe('login', () => {
  it('refuses an overlong login name or password with a Spanish message', async () => {
    const longName = await t.post('/api/login', {
      headers: from(),
      body: { username: `${'a'.repeat(250)}@example.com`, password: 'algo-largo' },
    });
    expect(longName.body).toEqual({ state: 'KO', msg: MSG.loginTooLong });
    const longPassword = await t.post('/api/login', {
      headers: from(),
      body: { username: 'alguien', password: 'x'.repeat(129) },
    });
    expect(longPassword.body).toEqual({ state: 'KO', msg: MSG.loginTooLong });
  });

  it('counts failures per name typed, however it is written, never the successes', async () => {
    const user = await t.createUser({ username: 'candado', email: 'candado@example.com' });
    const other = await t.createUser();
    const login = (username: string, password: string) =>
      t.post('/api/login', { headers: from(), body: { username, password } });

    // Thirty good logins in a row lock nothing.
    for (let i = 0; i < 30; i++) expect((await login('candado', user.password)).status).toBe(200);

    const typed = ['candado', 'CANDADO', ' Candado', 'candado '];
    for (let i = 0; i < 25; i++) {
      const failed = await login(typed[i % typed.length]!, `mala-${i}-contraseña`);
      expect(failed.body).toEqual({ state: 'KO', msg: MSG.badCredentials });
    }
    // Refused for the window with the right password too, from a new address and browser…
    const locked = await login('CANDADO', user.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // …while everybody else logs in as usual (the owner from a known browser or address: login-trust.api.test.ts).
    expect((await login(other.username, other.password)).status).toBe(200);
  });
});

describe('activation and recovery codes', () => {
  it('checks the code before anything else, and limits guesses per address', async () => {
    const address = from();
    const guess = (i: number) =>
      i % 2
        ? t.post(`/api/verificar/inventado-${i}`, { headers: address })
        : t.post(`/api/nuevopass/inventado-${i}`, {
            headers: address,
            // A common password: the bad code is what the answer must be about.
            body: { password: '12345678', password_confirmation: '12345678' },
          });
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await guess(i));
    expect(answers[0]!.body).toEqual({ state: 'KO', msg: MSG.recoveryInvalid });
    expect(answers[1]!.body).toEqual({ state: 'KO', msg: MSG.activationInvalid });
    expect(answers.slice(0, 20).every((answer) => answer.status === 400)).toBe(true);
    expect(answers[20]!.status).toBe(429);
    expect(answers[20]!.body).toEqual({ state: 'KO', msg: MSG.tooManyRequests });
    // Another address is not affected.
    expect((await t.post('/api/verificar/otro-intento', { headers: from() })).status).toBe(400);
  });

  it('a reset voids every other recovery link of the account', async () => {
    const user = await t.createUser({ email: 'olvidadiza@example.com' });
    await t.post('/api/recovery', { headers: from(), body: { email: user.email } });
    const first = await t.mailLink(user.email, '/nuevopass/');
    await t.post('/api/recovery', { headers: from(), body: { email: user.email } });
    const second = await t.mailLink(user.email, '/nuevopass/');
    expect(second).not.toBe(first);

    const body = { password: 'sierra-de-gata-2026', password_confirmation: 'sierra-de-gata-2026' };
    const reset = await t.post(`/api/nuevopass/${codeOf(second!)}`, { headers: from(), body });
    expect(reset.body).toEqual({ state: 'OK', msg: MSG.passwordChanged });
    const stale = await t.post(`/api/nuevopass/${codeOf(first!)}`, {
      headers: from(),
      body: { password: 'otra-cosa-distinta', password_confirmation: 'otra-cosa-distinta' },
    });
    expect(stale.body).toEqual({ state: 'KO', msg: MSG.recoveryInvalid });
    const login = await t.post('/api/login', {
      headers: from(),
      body: { username: user.username, password: 'sierra-de-gata-2026' },
    });
    expect(login.body.token).toEqual(expect.any(String));
  });
});
