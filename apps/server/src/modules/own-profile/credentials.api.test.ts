import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { readOutbox } from '../../test/outbox.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const login = (username: string, password: string) => t.post('/api/login', { body: { username, password } });

/** A second session of the same user, as from another device. */
async function secondSession(user: { username: string; password: string }) {
  const answer = await login(user.username, user.password);
  expect(answer.body.token).toEqual(expect.any(String));
  return answer.body.token as string;
}

/** Mail delivered to `address` (the file mailer's .eml files), oldest first, text decoded. */
async function mailsTo(address: string) {
  await t.ctx.outbox.flush();
  return (await readOutbox(t.config.mailOutboxDir)).filter((mail) => mail.to.includes(address));
}

describe('POST /api/perfil/password', () => {
  it('needs the current password; then ends the other sessions and keeps this one', async () => {
    const me = await t.createSession();
    const other = await secondSession(me);
    const body = {
      password_actual: me.password,
      password: 'vuelta-a-islandia',
      password_confirmation: 'vuelta-a-islandia',
    };

    const wrong = await t.post('/api/perfil/password', {
      token: me.token,
      body: { ...body, password_actual: 'no-es-esta' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ state: 'KO', msg: MSG.currentPasswordWrong });
    expect((await t.get('/api/perfil', { token: other })).status).toBe(200);

    const changed = await t.post('/api/perfil/password', { token: me.token, body });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ state: 'OK', msg: MSG.passwordUpdated });

    // The other device is out at once (its session was cached before: the revocation reached the cache).
    const otherNow = await t.get('/api/perfil', { token: other });
    expect(otherNow.status).toBe(401);
    expect(otherNow.body).toEqual({ state: 'KO', msg: MSG.sessionRequired });
    expect((await t.get('/api/perfil', { token: me.token })).status).toBe(200);

    expect((await login(me.username, me.password)).body.msg).toBe(MSG.badCredentials);
    expect((await login(me.username, 'vuelta-a-islandia')).body.token).toEqual(expect.any(String));

    const notice = (await mailsTo(me.email)).at(-1);
    expect(notice?.text).toContain('La contraseña de tu cuenta');
    expect(notice?.text).toContain('hemos cerrado la sesión en tus otros dispositivos');
  });

  it('applies the registration rules to the new password', async () => {
    const me = await t.createSession();
    const cases: Array<[Record<string, string>, string]> = [
      [{ password_actual: me.password, password: '', password_confirmation: '' }, MSG.registerFieldsRequired],
      [
        { password_actual: me.password, password: 'una-larga-1', password_confirmation: 'otra-larga-2' },
        MSG.passwordsDiffer,
      ],
      [
        { password_actual: me.password, password: 'corta', password_confirmation: 'corta' },
        MSG.passwordTooShort,
      ],
      [
        { password_actual: me.password, password: 'password123', password_confirmation: 'password123' },
        MSG.passwordTooCommon,
      ],
      [
        { password_actual: me.password, password: me.username, password_confirmation: me.username },
        MSG.passwordTooCommon,
      ],
      [
        { password_actual: me.password, password: me.password, password_confirmation: me.password },
        MSG.passwordSameAsCurrent,
      ],
    ];
    for (const [body, msg] of cases) {
      const answer = await t.post('/api/perfil/password', { token: me.token, body });
      expect(answer.body, JSON.stringify(body)).toEqual({ state: 'KO', msg });
      expect(answer.status).toBe(400);
    }
    expect((await login(me.username, me.password)).body.token).toEqual(expect.any(String));
    expect((await t.post('/api/perfil/password', { body: cases[0]![0] })).status).toBe(401);
  });
});

describe('e-mail change', () => {
  it('changes the address only after the link mailed to the new one, and tells the old one', async () => {
    const me = await t.createSession();
    const newEmail = `nuevo.${me.username}@example.org`;
    const wrong = await t.post('/api/perfil/email', {
      token: me.token,
      body: { email: newEmail, password: 'x-x-x-x-x' },
    });
    expect(wrong.body).toEqual({ state: 'KO', msg: MSG.passwordWrong });

    const asked = await t.post('/api/perfil/email', {
      token: me.token,
      body: { email: newEmail.toUpperCase(), password: me.password },
    });
    expect(asked.body).toEqual({ state: 'OK', msg: MSG.emailChangeSent });
    const pending = await t.get('/api/perfil', { token: me.token });
    expect(pending.body.data).toMatchObject({ email: me.email, email_pendiente: newEmail });
    // Until the click, the old address is the account's: login by it still works.
    expect((await login(me.email, me.password)).body.token).toEqual(expect.any(String));

    const link = await t.mailLink(newEmail, '/perfil/email/');
    expect(link).toMatch(/^http:\/\/nomadas\.test\/perfil\/email\/[A-Za-z0-9_-]{43}$/);
    const code = link!.split('/').pop();
    const confirmed = await t.post(`/api/perfil/email/${code}`);
    expect(confirmed.body).toEqual({ state: 'OK', msg: MSG.emailChanged });
    expect((await t.get('/api/perfil', { token: me.token })).body.data).toMatchObject({
      email: newEmail,
      email_pendiente: null,
    });
    expect((await login(newEmail, me.password)).body.token).toEqual(expect.any(String));
    expect((await login(me.email, me.password)).body.msg).toBe(MSG.badCredentials);

    const again = await t.post(`/api/perfil/email/${code}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ state: 'KO', msg: MSG.emailChangeInvalid });

    const notice = (await mailsTo(me.email)).at(-1);
    expect(notice?.text).toContain('El email de tu cuenta');
    expect(notice?.text).toContain(`n•••${me.username.at(-1)}@example.org`);
    expect(notice?.text).not.toContain(newEmail);
  });

  it('a newer request voids the earlier link; an expired link does nothing', async () => {
    const me = await t.createSession();
    await t.post('/api/perfil/email', {
      token: me.token,
      body: { email: `a.${me.email}`, password: me.password },
    });
    const first = (await t.mailLink(`a.${me.email}`, '/perfil/email/'))!.split('/').pop();
    await t.post('/api/perfil/email', {
      token: me.token,
      body: { email: `b.${me.email}`, password: me.password },
    });
    const second = (await t.mailLink(`b.${me.email}`, '/perfil/email/'))!.split('/').pop();
    expect((await t.post(`/api/perfil/email/${first}`)).body.msg).toBe(MSG.emailChangeInvalid);

    await t.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', me.id)
      .execute();
    expect((await t.post(`/api/perfil/email/${second}`)).body.msg).toBe(MSG.emailChangeInvalid);
    expect((await t.get('/api/perfil', { token: me.token })).body.data.email).toBe(me.email);
  });

  it("a taken address answers the same, mails only that address's owner and can never be confirmed", async () => {
    const me = await t.createSession();
    const owner = await t.createUser();
    const answer = await t.post('/api/perfil/email', {
      token: me.token,
      body: { email: owner.email, password: me.password },
    });
    expect(answer.body).toEqual({ state: 'OK', msg: MSG.emailChangeSent });
    expect((await t.get('/api/perfil', { token: me.token })).body.data.email_pendiente).toBe(owner.email);

    const toOwner = await mailsTo(owner.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.text).toContain('ya es la de tu cuenta');
    expect(toOwner[0]!.text).not.toContain('/perfil/email/');
    expect(await mailsTo(me.email)).toHaveLength(0);
    expect(await t.mailLink(owner.email, '/perfil/email/')).toBeUndefined();

    const same = await t.post('/api/perfil/email', {
      token: me.token,
      body: { email: me.email, password: me.password },
    });
    expect(same.body).toEqual({ state: 'KO', msg: MSG.emailSameAsCurrent });
  });

  it('validates the form with the shared messages', async () => {
    const me = await t.createSession();
    for (const [body, msg] of [
      [{ password: me.password }, MSG.emailRequired],
      [{ email: 'sin-arroba', password: me.password }, MSG.emailInvalid],
      [{ email: 'nueva@example.com' }, MSG.passwordConfirmRequired],
    ] as const) {
      const answer = await t.post('/api/perfil/email', { token: me.token, body });
      expect(answer.body).toEqual({ state: 'KO', msg });
    }
    expect((await t.post('/api/perfil/email/no-existe-este-codigo')).body.msg).toBe(MSG.emailChangeInvalid);
  });
});
