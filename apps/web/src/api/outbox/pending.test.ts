import { describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxState } from './outboxEngine';
import { followWithPending, pendingOf, withPendingLike } from './pending';
import type { OutboxWrite } from './writes';

let n = 0;
const entry = (write: OutboxWrite, state: OutboxState = 'waiting'): OutboxEntry<OutboxWrite> => ({
  id: `e${++n}`,
  user: 'ana',
  write,
  state,
  created: n,
  tries: 0,
});

describe('what the screens show of pending writes', () => {
  it('picks the pending writes of one kind and target, leaving the refused ones out', () => {
    const entries = [
      entry({ kind: 'likePost', url: 'a', like: true }),
      entry({ kind: 'likePost', url: 'b', like: true }),
      entry({ kind: 'likePost', url: 'a', like: false }, 'refused'),
      entry({ kind: 'comment', url: 'a', c: 'hola', p: 0 }),
    ];
    expect(pendingOf(entries, 'likePost', (write) => write.url === 'a').map((e) => e.id)).toEqual([
      entries[0]!.id,
    ]);
  });

  it('shows the like as last asked for, counting it once even when the server already has it', () => {
    const likes = (...wishes: boolean[]) =>
      pendingOf(
        wishes.map((like) => entry({ kind: 'likePost', url: 'a', like })),
        'likePost',
        () => true,
      );
    const like = likes(true);
    const unlike = likes(true, false);
    expect(withPendingLike({ islike: 0, likes: 4 }, like)).toEqual({ islike: 1, likes: 5 });
    // Its answer was lost but the server counted it: a reload reads islike 1, and the pending like adds nothing.
    expect(withPendingLike({ islike: 1, likes: 5 }, like)).toEqual({ islike: 1, likes: 5 });
    expect(withPendingLike({ islike: 0, likes: 4 }, unlike)).toEqual({ islike: 0, likes: 4 });
    expect(withPendingLike({ islike: 1, likes: 0 }, unlike)).toEqual({ islike: 0, likes: 0 });
    expect(withPendingLike({ islike: 1, likes: 2 }, [])).toEqual({ islike: 1, likes: 2 });
  });

  it('shows the follow as last asked for while it is on its way', () => {
    const entries = [
      entry({ kind: 'follow', username: 'bea', follow: true }),
      entry({ kind: 'follow', username: 'bea', follow: false }),
      entry({ kind: 'follow', username: 'carla', follow: true }, 'refused'),
    ];
    expect(followWithPending(entries, 'bea', true)).toEqual({ follows: false, pending: true });
    expect(followWithPending(entries, 'carla', false)).toEqual({ follows: false, pending: false });
  });
});
