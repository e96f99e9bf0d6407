import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startFakeSmtp } from '../test/fake-smtp.js';
import { startTestServer, type TestServer } from '../test/harness.js';
import { retryDelaySeconds } from './outbox.js';
import { deleteOldSentMails } from './outbox.queries.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function serverWithSmtp(port: number): Promise<TestServer> {
  const t = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  closers.push(() => t.close());
  return t;
}

const register = (t: TestServer, username: string) =>
  t.post('/api/register', {
    body: {
      username,
      email: `${username}@example.com`,
      password: 'ruta-por-los-ancares',
      password_confirmation: 'ruta-por-los-ancares',
    },
  });

const outboxRows = (t: TestServer) =>
  t.db
    .selectFrom('mail_outbox')
    .select([
      'to_address',
      'attempts',
      'sent_at',
      'last_error',
      'text',
      sql<boolean>`next_attempt_at > now()`.as('later'),
    ])
    .execute();

describe('mail outbox', { timeout: 120_000 }, () => {
  it('an SMTP server that never answers blocks neither the registration nor anybody else', async () => {
    const smtp = await startFakeSmtp('silent');
    closers.push(() => smtp.close());
    const t = await serverWithSmtp(smtp.port);

    const [registered, wall, other] = await Promise.all([
      register(t, 'lenta_1'),
      t.get('/api/posts?1&n=0&l=12&tag=&cm=1'),
      register(t, 'lenta_2'),
    ]);
    expect(registered.body).toEqual({ state: 'OK', msg: MSG.registered });
    expect(other.body).toEqual({ state: 'OK', msg: MSG.registered });
    expect(wall.status).toBe(200);
    // Both accounts are committed, and their mails wait in the outbox rather than in a request.
    const users = await t.db
      .selectFrom('users')
      .select('username')
      .where('username', 'like', 'lenta_%')
      .execute();
    expect(users).toHaveLength(2);
    const rows = await outboxRows(t);
    expect(rows.map((row) => row.to_address).sort()).toEqual(['lenta_1@example.com', 'lenta_2@example.com']);
    expect(rows.every((row) => row.sent_at === null)).toBe(true);
  });

  it('keeps the mail while SMTP is down, retries later, and delivers it once SMTP is back', async () => {
    // A port that refuses connections now and answers later.
    const probe = await startFakeSmtp('answering');
    const port = probe.port;
    await probe.close();
    const t = await serverWithSmtp(port);

    expect((await register(t, 'paciente')).body.state).toBe('OK');
    await t.ctx.outbox.flush();
    const [failed] = await outboxRows(t);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, later: true });
    expect(failed!.last_error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await startFakeSmtp('answering', port);
    closers.push(() => smtp.close());
    // Time passes: the retry is due.
    await t.db.updateTable('mail_outbox').set({ next_attempt_at: new Date() }).execute();
    await t.ctx.outbox.flush();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('paciente@example.com');
    expect(smtp.received[0]).toMatch(/http:\/\/nomadas\.test\/verificar\/[A-Za-z0-9_-]+/);
    const [sent] = await outboxRows(t);
    expect(sent!.sent_at).toBeInstanceOf(Date);
    // The one-time link is not kept once delivered.
    expect(sent!.text).toBe('');
  });

  it('forgets sent mail after its keeping period, never mail still to send', async () => {
    const t = await startTestServer();
    closers.push(() => t.close());
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);
    const mail = (to: string, sentAt: Date | null, createdAt: Date) => ({
      to_address: to,
      subject: 's',
      text: '',
      html: '',
      sent_at: sentAt,
      created_at: createdAt,
      next_attempt_at: daysAgo(-1),
    });
    await t.db
      .insertInto('mail_outbox')
      .values([
        mail('viejo@example.com', daysAgo(40), daysAgo(40)),
        mail('reciente@example.com', daysAgo(2), daysAgo(2)),
        mail('pendiente@example.com', null, daysAgo(40)),
      ])
      .execute();
    await deleteOldSentMails(t.db, 30);
    const left = await t.db.selectFrom('mail_outbox').select('to_address').orderBy('to_address').execute();
    expect(left.map((row) => row.to_address)).toEqual(['pendiente@example.com', 'reciente@example.com']);
  });

  it('waits longer after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(12)).toBe(3600);
  });
});
