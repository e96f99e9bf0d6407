import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { readOutbox } from '../../test/outbox.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_FACTOR: '1', CONTACT_EMAIL: 'equipo@nomadas.test' });
});
afterAll(() => t?.close());

const message = {
  name: 'Marta',
  email: 'marta@example.com',
  subject: 'Área nueva en Cangas',
  message: 'Hola, hay un área nueva en Cangas de Onís con vaciado de grises. <b>¡Gracias!</b>',
};

describe('POST /api/contacto', () => {
  it('stores the message and mails it to the team with a reply-to', async () => {
    const answer = await t.post('/api/contacto', { body: message });
    expect(answer.body).toEqual({ state: 'OK', msg: MSG.contactSent });
    const rows = await t.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Marta', email: 'marta@example.com', user_id: null });
    await t.ctx.outbox.flush();
    const mail = (await readOutbox(t.config.mailOutboxDir)).find((m) => m.to.includes('equipo@nomadas.test'));
    expect(mail?.text).toContain('vaciado de grises');
  });

  it('links the message to the logged-in sender', async () => {
    const user = await t.createSession();
    await t.post('/api/contacto', { body: message, token: user.token });
    const row = await t.db
      .selectFrom('contact_messages')
      .select('user_id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    expect(row?.user_id).toBe(user.id);
  });

  it('limits contact to 5 messages an hour per IP', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.post('/api/contacto', { body: message })).status);
    // two were sent by the tests above
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('POST /api/contacto with bad input', () => {
  let v: TestServer;
  beforeAll(async () => {
    v = await startTestServer();
  });
  afterAll(() => v?.close());

  it('validates each field with a Spanish message', async () => {
    expect((await v.post('/api/contacto', { body: { ...message, name: ' ' } })).body).toEqual({
      state: 'KO',
      msg: MSG.contactNameRequired,
    });
    expect((await v.post('/api/contacto', { body: { ...message, email: 'x' } })).body.msg).toBe(
      MSG.emailInvalid,
    );
    expect((await v.post('/api/contacto', { body: { ...message, subject: '' } })).body.msg).toBe(
      MSG.contactSubjectRequired,
    );
    expect(
      (await v.post('/api/contacto', { body: { ...message, message: 'a'.repeat(5001) } })).body.msg,
    ).toBe(MSG.contactMessageTooLong);
  });
});
