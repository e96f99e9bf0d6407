import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { grantListedModerators } from './roles.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ MODERATORS: ' Ana_Modera, luis_modera, sin_cuenta ' });
});
afterAll(() => t?.close());

const warnings: unknown[] = [];
/** What the app does at start, as a restart on the same database would do it again. */
const restart = () =>
  grantListedModerators({
    db: t.db,
    config: t.config,
    log: { info: () => undefined, warn: (...args: unknown[]) => void warnings.push(args[0]) },
  });

const login = async (user: { username: string; password: string }) =>
  (await t.post('/api/login', { body: { username: user.username, password: user.password } })).body;
const canModerate = async (token: string) => (await t.get('/api/moderacion', { token })).status === 200;

describe('MODERATORS', () => {
  it('gives the role to the account that holds a listed name at start, and no later holder of the name', async () => {
    const ana = await t.createUser({ username: 'ana_modera' });
    await restart();
    const first = await login(ana);
    expect(first).toMatchObject({ state: 'OK', role: 'moderator' });
    expect(await canModerate(first.token)).toBe(true);

    // Ana deletes her account; 30 days later somebody else registers the name.
    const deleted = await t.post('/api/perfil/delete', {
      token: first.token,
      body: { password: ana.password },
    });
    expect(deleted.status).toBe(200);
    const impostor = await t.createUser({ username: 'ana_modera' });
    const second = await login(impostor);
    expect(second.state).toBe('OK');
    expect(second.role).toBeUndefined();
    expect(await canModerate(second.token)).toBe(false);
    // Not even after the next start, with the name still listed.
    await restart();
    expect((await login(impostor)).role).toBeUndefined();
    expect(await canModerate(second.token)).toBe(false);
  });

  it('grants nothing to a name nobody holds: registering it after the start does not make a moderator', async () => {
    const later = await t.createSession({ username: 'sin_cuenta' });
    expect((await login(later)).role).toBeUndefined();
    expect(await canModerate(later.token)).toBe(false);
    expect(warnings).toContainEqual({ username: 'sin_cuenta' });
  });

  it('leaves a role taken away in the database taken away at the next start', async () => {
    const luis = await t.createUser({ username: 'luis_modera' });
    await restart();
    expect((await login(luis)).role).toBe('moderator');
    await t.db.updateTable('users').set({ role: 'user' }).where('id', '=', luis.id).execute();
    await restart();
    expect((await login(luis)).role).toBeUndefined();
  });
});
