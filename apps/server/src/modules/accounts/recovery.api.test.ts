import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@nomadas/shared';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { RECOVERY_JOB } from './accounts.service.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

/** Rows in the tables a recovery request could write to. */
async function rowCounts() {
  const { rows } = await sql<{ codes: number; mails: number; jobs: number }>`
    select (select count(*)::int from account_codes) as codes, (select count(*)::int from mail_outbox) as mails,
           (select count(*)::int from jobs) as jobs`.execute(t.db);
  return rows[0]!;
}

describe('POST /api/recovery', () => {
  it('does the same work for an address with an account and one without: the job looks, after the answer', async () => {
    const user = await t.createUser({ email: 'recupera@example.com' });
    // The worker held, what each request wrote is all there is to see.
    await t.ctx.accountJobs.stop();
    const before = await rowCounts();
    const known = await t.post('/api/recovery', { body: { email: 'Recupera@example.com' } });
    const afterKnown = await rowCounts();
    const unknown = await t.post('/api/recovery', { body: { email: 'nadie-aqui@example.com' } });
    const afterUnknown = await rowCounts();

    expect(known.body).toEqual({ state: 'OK', msg: MSG.recoverySent });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    // One queued job each, and nothing else: no code, no mail, whoever the address belongs to.
    expect(afterKnown).toEqual({ ...before, jobs: before.jobs + 1 });
    expect(afterUnknown).toEqual({ ...afterKnown, jobs: afterKnown.jobs + 1 });
    const jobs = await t.db
      .selectFrom('jobs')
      .select(['kind', 'payload'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(jobs).toEqual([
      { kind: RECOVERY_JOB, payload: { email: 'nadie-aqui@example.com' } },
      { kind: RECOVERY_JOB, payload: { email: 'recupera@example.com' } },
    ]);

    // The worker then mails the owner a working link, and nobody else.
    t.ctx.accountJobs.start();
    const link = await t.mailLink(user.email, '/nuevopass/');
    expect(link).toMatch(/^http:\/\/nomadas\.test\/nuevopass\//);
    expect(await t.mailLink('nadie-aqui@example.com', '/nuevopass/')).toBeUndefined();
    const body = { password: 'sierra-de-gata-2026', password_confirmation: 'sierra-de-gata-2026' };
    const reset = await t.post(`/api/nuevopass/${link!.split('/').pop()}`, { body });
    expect(reset.body).toEqual({ state: 'OK', msg: MSG.passwordChanged });
    const codes = await rowCounts();
    expect(codes.codes).toBe(before.codes + 1);
  });
});
