import { describe, expect, it, vi } from 'vitest';
import { FakeClock } from '../../test/fakeClock';
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  backoffMs,
  createOutbox,
  nextToSend,
  revive,
  type OutboxEntry,
  type OutboxStorage,
  type SendOutcome,
} from './outboxEngine';

type Write = { text: string };

/** The kept entries as IndexedDB would hold them, for every user. */
class MemoryOutboxStorage implements OutboxStorage<Write> {
  readonly rows = new Map<string, OutboxEntry<Write>>();
  async load(user: string) {
    return [...this.rows.values()].filter((entry) => entry.user === user).map((entry) => ({ ...entry }));
  }
  async put(entry: OutboxEntry<Write>) {
    this.rows.set(entry.id, { ...entry });
  }
  async remove(id: string) {
    this.rows.delete(id);
  }
  async removeUser(user: string) {
    for (const [id, entry] of this.rows) if (entry.user === user) this.rows.delete(id);
  }
}

/** A server whose answers the test decides, one per attempt in order; `unanswered` when none is left. */
function setup({ storage = new MemoryOutboxStorage(), clock = new FakeClock() } = {}) {
  const answers: SendOutcome[] = [];
  const sent: { id: string; text: string; tries: number }[] = [];
  const applied: { text: string; data: unknown }[] = [];
  let online = true;
  let ids = 0;
  const outbox = createOutbox<Write>({
    clock,
    storage,
    send: async (entry) => {
      sent.push({ id: entry.id, text: entry.write.text, tries: entry.tries });
      return answers.shift() ?? { kind: 'unanswered' };
    },
    applied: (entry, data) => applied.push({ text: entry.write.text, data }),
    isOnline: () => online,
    newId: () => `id-${++ids}`,
    random: () => 0,
  });
  return {
    outbox,
    storage,
    clock,
    answers,
    sent,
    applied,
    setOnline: (value: boolean) => (online = value),
    states: () => outbox.entries.get().map((entry) => [entry.write.text, entry.state]),
  };
}

const entry = (id: string, created: number, state: OutboxEntry<Write>['state']): OutboxEntry<Write> => ({
  id,
  user: 'ana',
  write: { text: id },
  state,
  created,
  tries: 0,
});

describe('outbox order and states', () => {
  it('sends the oldest waiting entry first, skipping the refused ones', () => {
    const list = [entry('c', 3, 'waiting'), entry('a', 1, 'refused'), entry('b', 2, 'waiting')];
    expect(nextToSend(list)?.id).toBe('b');
    expect(nextToSend([entry('a', 1, 'refused')])).toBeUndefined();
  });

  it('an entry a closed page left on the wire waits again, in order', () => {
    const revived = revive([entry('b', 2, 'waiting'), entry('a', 1, 'sending'), entry('c', 3, 'refused')]);
    expect(revived.map((item) => [item.id, item.state])).toEqual([
      ['a', 'waiting'],
      ['b', 'waiting'],
      ['c', 'refused'],
    ]);
  });

  it('backs off from 2 s, doubling up to a minute, with up to a quarter less of jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => backoffMs(n, 0))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(backoffMs(1, 1)).toBe(BACKOFF_BASE_MS * 0.75);
    expect(backoffMs(50, 0.5)).toBe(BACKOFF_MAX_MS * 0.875);
  });
});

describe('createOutbox', () => {
  it('shows a write at once, sends it with its id and hands the answer over', async () => {
    const t = setup();
    await t.outbox.open('ana');
    t.answers.push({ kind: 'ok', data: { likes: 1 } });
    const added = t.outbox.add({ text: 'like' });
    expect(t.states()).toEqual([['like', 'sending']]);
    await t.outbox.flush();
    expect(t.sent).toEqual([{ id: added!.id, text: 'like', tries: 1 }]);
    expect(t.applied).toEqual([{ text: 'like', data: { likes: 1 } }]);
    expect(t.states()).toEqual([]);
    expect(t.storage.rows.size).toBe(0);
  });

  it('with no answer keeps the order, retries with the same id after the backoff, then sends the rest', async () => {
    const t = setup();
    await t.outbox.open('ana');
    t.outbox.add({ text: 'first' });
    t.outbox.add({ text: 'second' });
    await t.outbox.flush();
    // Nothing answered: the first waits again and the second was never tried.
    expect(t.sent.map((s) => s.text)).toEqual(['first']);
    expect(t.states()).toEqual([
      ['first', 'waiting'],
      ['second', 'waiting'],
    ]);
    expect([...t.storage.rows.values()].map((row) => [row.write.text, row.state, row.tries])).toEqual([
      ['first', 'waiting', 1],
      ['second', 'waiting', 0],
    ]);

    // A second round with no answer doubles the wait.
    t.clock.advance(BACKOFF_BASE_MS - 1);
    expect(t.sent).toHaveLength(1);
    t.clock.advance(1);
    await vi.waitFor(() => expect(t.sent).toHaveLength(2));
    await vi.waitFor(() => expect(t.clock.pending).toBe(1));

    t.answers.push({ kind: 'ok', data: 1 }, { kind: 'ok', data: 2 });
    t.clock.advance(2 * BACKOFF_BASE_MS);
    await vi.waitFor(() => expect(t.applied).toHaveLength(2));
    expect(t.sent.map((s) => [s.id, s.text, s.tries])).toEqual([
      ['id-1', 'first', 1],
      ['id-1', 'first', 2],
      ['id-1', 'first', 3],
      ['id-2', 'second', 1],
    ]);
    expect(t.applied.map((a) => a.text)).toEqual(['first', 'second']);
  });

  it('a refusal keeps the entry with the reason and lets the next ones go; Reintentar and Descartar', async () => {
    const t = setup();
    await t.outbox.open('ana');
    t.answers.push({ kind: 'refused', msg: 'Ya no existe' }, { kind: 'ok', data: null });
    const refused = t.outbox.add({ text: 'comment' })!;
    t.outbox.add({ text: 'like' });
    await t.outbox.flush();
    expect(t.outbox.entries.get()).toMatchObject([{ id: refused.id, state: 'refused', msg: 'Ya no existe' }]);
    expect(t.applied.map((a) => a.text)).toEqual(['like']);

    t.answers.push({ kind: 'refused', msg: 'Otra vez no' });
    t.outbox.retry(refused.id);
    await t.outbox.flush();
    expect(t.sent.at(-1)).toEqual({ id: refused.id, text: 'comment', tries: 2 });
    expect(t.outbox.entries.get()).toMatchObject([{ state: 'refused', msg: 'Otra vez no' }]);

    t.outbox.discard(refused.id);
    await t.outbox.flush();
    expect(t.states()).toEqual([]);
    expect(t.storage.rows.size).toBe(0);
  });

  it('tries nothing while the browser is offline and sends on flush once it is back', async () => {
    const t = setup();
    t.setOnline(false);
    await t.outbox.open('ana');
    t.outbox.add({ text: 'like' });
    await t.outbox.flush();
    expect(t.sent).toEqual([]);
    expect(t.clock.pending).toBe(0);

    t.setOnline(true);
    t.answers.push({ kind: 'ok', data: null });
    await t.outbox.flush();
    expect(t.applied.map((a) => a.text)).toEqual(['like']);
  });

  it('survives a reload: a new outbox on the same storage sends what was left, only for its user', async () => {
    const storage = new MemoryOutboxStorage();
    const before = setup({ storage });
    before.setOnline(false);
    await before.outbox.open('ana');
    before.outbox.add({ text: 'ana writes' });
    await before.outbox.flush();
    await storage.put({ ...entry('left-sending', 0, 'sending'), tries: 1 });
    await storage.put({ ...entry('bruno-1', 0, 'waiting'), user: 'bruno', write: { text: 'bruno writes' } });

    const after = setup({ storage });
    after.answers.push({ kind: 'ok', data: null }, { kind: 'ok', data: null });
    await after.outbox.open('ana');
    expect(after.sent.map((s) => [s.text, s.tries])).toEqual([
      ['left-sending', 2],
      ['ana writes', 1],
    ]);
    expect([...storage.rows.keys()]).toEqual(['bruno-1']);
  });

  it('a logout forgets the user’s entries when asked, and nothing is added with nobody open', async () => {
    const t = setup();
    t.setOnline(false);
    await t.outbox.open('ana');
    t.outbox.add({ text: 'ana' });
    await t.storage.put({ ...entry('b', 0, 'waiting'), user: 'bruno' });
    await t.outbox.close();
    expect(t.storage.rows.size).toBe(2);

    await t.outbox.open('ana');
    expect(t.states()).toEqual([['ana', 'waiting']]);
    await t.outbox.close({ drop: true });
    expect([...t.storage.rows.keys()]).toEqual(['b']);
    expect(t.outbox.add({ text: 'nobody' })).toBeNull();
  });

  it('keeps the id a first attempt outside the outbox already used', async () => {
    const t = setup();
    t.setOnline(false);
    await t.outbox.open('ana');
    expect(t.outbox.add({ text: 'post' }, { id: 'upload-key' })?.id).toBe('upload-key');
    await t.outbox.flush();
    expect([...t.storage.rows.keys()]).toEqual(['upload-key']);
  });

  it('takes back only a write that never left', async () => {
    const t = setup();
    t.setOnline(false);
    await t.outbox.open('ana');
    const quiet = t.outbox.add({ text: 'never sent' })!;
    expect(t.outbox.cancelUnsent(quiet.id)).toBe(true);
    t.setOnline(true);
    const tried = t.outbox.add({ text: 'tried' })!;
    await t.outbox.flush();
    expect(t.outbox.cancelUnsent(tried.id)).toBe(false);
    expect(t.states()).toEqual([['tried', 'waiting']]);
    await t.outbox.flush();
    expect(t.storage.rows.size).toBe(1);
  });
});
