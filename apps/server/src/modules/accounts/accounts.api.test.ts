import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const codeOf = (link: string) => link.split('/').pop()!;

describe('account life cycle', () => {
  it('registers, mails an activation link, activates, logs in, calls, logs out', async () => {
    const register = await t.post('/api/register', {
      body: {
        username: 'Ruta_Norte',
        email: 'Ruta.Norte@Example.com',
        password: 'furgo-2026',
        password_confirmation: 'furgo-2026',
      },
    });
    expect(register.status).toBe(200);
    expect(register.body).toEqual({ state: 'OK', msg: MSG.registered });

    const beforeActivation = await t.post('/api/login', {
      body: { username: 'ruta_norte', password: 'furgo-2026' },
    });
    expect(beforeActivation.body).toMatchObject({ state: 'OK', username: -1 });
    expect(beforeActivation.body.token).toBeUndefined();

    const link = await t.mailLink('ruta.norte@example.com', '/verificar/');
    expect(link).toMatch(/^http:\/\/nomadas\.test\/verificar\/[A-Za-z0-9_-]{43}$/);
    const activation = await t.post(`/api/verificar/${codeOf(link!)}`);
    expect(activation.body).toEqual({ state: 'OK', msg: MSG.activated });

    const login = await t.post('/api/login', {
      body: { username: 'RUTA.NORTE@example.com', password: 'furgo-2026' },
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      state: 'OK',
      msg: MSG.loggedIn,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      username: 'ruta_norte',
      img: '',
      imgc: '',
      d: '',
      date: expect.any(Number),
      // The first login of a registered account (the login before activation did not count): first steps.
      first: true,
    });
    const now = Date.now() / 1000;
    expect(login.body.date).toBeGreaterThan(now + 29 * 24 * 3600);
    const second = await t.post('/api/login', { body: { username: 'ruta_norte', password: 'furgo-2026' } });
    expect(second.body.state).toBe('OK');
    expect(second.body).not.toHaveProperty('first');
    await t.post('/api/logout', { token: second.body.token as string });

    const token = login.body.token as string;
    const logout = await t.post('/api/logout', { token });
    expect(logout.body.state).toBe('OK');
    const again = await t.post('/api/logout', { token });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ state: 'KO', msg: MSG.sessionRequired });
  });

  it('stores only a hash of the session token', async () => {
    const user = await t.createSession();
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    const raw = Buffer.from(user.token);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Buffer.compare(row.token_hash, raw)).not.toBe(0);
  });

  it("stores passwords as argon2id with OWASP's baseline cost (19 MiB, 2 passes, 1 lane)", async () => {
    await t.post('/api/register', {
      body: {
        username: 'hash_check',
        email: 'hash@example.com',
        password: 'secreto-largo',
        password_confirmation: 'secreto-largo',
      },
    });
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'hash_check')
      .executeTakeFirst();
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a reused activation code', async () => {
    const user = await t.createUser({ activated: false });
    await t.post('/api/login', { body: { username: user.username, password: user.password } });
    const link = await t.mailLink(user.email, '/verificar/');
    expect(link).toBeDefined();
    expect((await t.post(`/api/verificar/${codeOf(link!)}`)).body.state).toBe('OK');
    const reused = await t.post(`/api/verificar/${codeOf(link!)}`);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ state: 'KO', msg: MSG.activationInvalid });
  });

  it('refuses an expired activation code', async () => {
    await t.post('/api/register', {
      body: {
        username: 'tarde',
        email: 'tarde@example.com',
        password: 'secreto-largo',
        password_confirmation: 'secreto-largo',
      },
    });
    const link = await t.mailLink('tarde@example.com', '/verificar/');
    await t.db
      .updateTable('account_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const expired = await t.post(`/api/verificar/${codeOf(link!)}`);
    expect(expired.body).toEqual({ state: 'KO', msg: MSG.activationInvalid });
  });

  it('does not let the official account log in', async () => {
    const login = await t.post('/api/login', { body: { username: 'nomadas', password: 'anything-at-all' } });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ state: 'KO', msg: MSG.badCredentials });
  });

  it('answers a wrong password with the server message', async () => {
    const user = await t.createUser();
    const login = await t.post('/api/login', { body: { username: user.username, password: 'no-es-esta' } });
    expect(login.body).toEqual({ state: 'KO', msg: MSG.badCredentials });
  });
});

describe('validation', () => {
  const register = (body: Record<string, unknown>) => t.post('/api/register', { body });
  const valid = {
    username: 'nueva_ruta',
    email: 'nueva@example.com',
    password: 'secreto-largo',
    password_confirmation: 'secreto-largo',
  };

  it('login needs both fields', async () => {
    for (const body of [{}, { username: 'ana' }, { password: 'x' }, undefined]) {
      const answer = await t.post('/api/login', { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: 'KO', msg: MSG.loginFieldsRequired });
    }
  });

  it('register needs every field', async () => {
    const answer = await register({ ...valid, email: '  ' });
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.registerFieldsRequired });
  });

  it('register needs matching passwords', async () => {
    const answer = await register({ ...valid, password_confirmation: 'otra-cosa-distinta' });
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.passwordsDiffer });
  });

  it('register checks username, email and password length', async () => {
    expect((await register({ ...valid, username: 'a b' })).body.msg).toBe(MSG.usernameInvalid);
    expect((await register({ ...valid, username: 'ab' })).body.msg).toBe(MSG.usernameInvalid);
    expect((await register({ ...valid, email: 'no-es-email' })).body.msg).toBe(MSG.emailInvalid);
    expect((await register({ ...valid, password: 'corta', password_confirmation: 'corta' })).body.msg).toBe(
      MSG.passwordTooShort,
    );
  });

  it('refuses a wrong type with a Spanish message, not a 500', async () => {
    const answer = await register({ ...valid, username: 12345 });
    expect(answer.status).toBe(400);
    expect(answer.body.state).toBe('KO');
    expect(typeof answer.body.msg).toBe('string');
  });

  it('refuses a taken username; a taken email (case-insensitive) makes no second account', async () => {
    const existing = await t.createUser({ username: 'ya_existe', email: 'Existe@Example.com' });
    expect((await register({ ...valid, username: existing.username })).body).toEqual({
      state: 'KO',
      msg: MSG.usernameTaken,
    });
    // Answered as a success so addresses cannot be probed (accounts-security.api.test.ts).
    expect((await register({ ...valid, email: 'EXISTE@example.COM' })).body.state).toBe('OK');
    const owners = await t.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', 'existe@example.com'))
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('recovery needs an email', async () => {
    const answer = await t.post('/api/recovery', { body: { email: '' } });
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.emailRequired });
  });

  it('answers malformed JSON with 400 and unknown API paths with 404 JSON', async () => {
    const malformed = await t.request('POST', '/api/login', {
      body: undefined,
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const broken = await fetch(`${t.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ state: 'KO' });
    const unknown = await t.get('/api/no-existe');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ state: 'KO', msg: MSG.notFound });
  });
});

describe('password recovery', () => {
  it('answers the same for a known and an unknown email', async () => {
    const user = await t.createUser();
    const known = await t.post('/api/recovery', { body: { email: user.email } });
    const unknown = await t.post('/api/recovery', { body: { email: 'nadie@example.com' } });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ state: 'OK', msg: MSG.recoverySent });
  });

  it('sets a new password once, ends old sessions, and the old password stops working', async () => {
    const user = await t.createSession();
    await t.post('/api/recovery', { body: { email: user.email.toUpperCase() } });
    const link = await t.mailLink(user.email, '/nuevopass/');
    expect(link).toMatch(/^http:\/\/nomadas\.test\/nuevopass\//);
    const code = codeOf(link!);

    const differ = await t.post(`/api/nuevopass/${code}`, {
      body: { password: 'nueva-clave-1', password_confirmation: 'nueva-clave-2' },
    });
    expect(differ.body).toEqual({ state: 'KO', msg: MSG.passwordsDiffer });

    const reset = await t.post(`/api/nuevopass/${code}`, {
      body: { password: 'nueva-clave-1', password_confirmation: 'nueva-clave-1' },
    });
    expect(reset.body).toEqual({ state: 'OK', msg: MSG.passwordChanged });
    expect((await t.post('/api/logout', { token: user.token })).status).toBe(401);

    const reused = await t.post(`/api/nuevopass/${code}`, {
      body: { password: 'otra-clave-3', password_confirmation: 'otra-clave-3' },
    });
    expect(reused.body).toEqual({ state: 'KO', msg: MSG.recoveryInvalid });

    expect(
      (await t.post('/api/login', { body: { username: user.username, password: user.password } })).body.state,
    ).toBe('KO');
    expect(
      (await t.post('/api/login', { body: { username: user.username, password: 'nueva-clave-1' } })).body
        .token,
    ).toBeTruthy();
  });

  it('refuses an expired recovery code', async () => {
    const user = await t.createUser();
    await t.post('/api/recovery', { body: { email: user.email } });
    const link = await t.mailLink(user.email, '/nuevopass/');
    await t.db
      .updateTable('account_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'recover')
      .execute();
    const answer = await t.post(`/api/nuevopass/${codeOf(link!)}`, {
      body: { password: 'nueva-clave-1', password_confirmation: 'nueva-clave-1' },
    });
    expect(answer.body).toEqual({ state: 'KO', msg: MSG.recoveryInvalid });
  });
});

describe('health', () => {
  it('answers OK once migrated, and says the demo is not being prepared', async () => {
    expect((await t.get('/api/health')).body).toEqual({ state: 'OK', data: { demo: 'ready' } });
  });
});
