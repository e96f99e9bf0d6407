import { describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import type { WallComment, WallCommentPreview, WallPost } from '@nomadas/shared/schemas';
import {
  addComment,
  addPreview,
  dropComment,
  dropPreview,
  mapComments,
  patchCommentIn,
  patchPost,
  prependPost,
  removePost,
  setAuthorFollow,
  type WallPage,
} from './wallCache';

const comment = (id: number, items: WallComment[] = []): WallComment => ({
  id,
  comentario: `c${id}`,
  username: 'ana',
  userimg: '',
  date: '2026-11-20T10:00:00.000Z',
  likes: 0,
  islike: 0,
  items,
});
const preview = (id: number, replyCount: number): WallCommentPreview => ({ ...comment(id), replyCount });

const post = (url: string, username = 'ana'): WallPost => ({
  url,
  username,
  userimg: '',
  media: '',
  mediaJpeg: '',
  thumb: '',
  thumbSmall: '',
  thumbJpeg: '',
  width: 4,
  height: 3,
  mediatext: url,
  descripcion: null,
  date: '2026-11-20T10:00:00.000Z',
  likes: 0,
  islike: 0,
  comentarios: 0,
  self: false,
  follow: 0,
  index: 0,
});

const page = (posts: WallPost[]): WallPage => ({
  posts,
  fin: 0,
  b: '9',
  a: '1',
  comments: {},
  created: [],
});

function cacheWith(pages: WallPage[]) {
  const client = new QueryClient();
  const key = ['posts', { tag: '', user: '' }];
  client.setQueryData(key, { pages, pageParams: pages.map((_, n) => ({ n, b: null, a: null })) });
  const read = () => client.getQueryData<{ pages: WallPage[] }>(key)!.pages;
  return { client, key, read };
}

describe('comment lists', () => {
  it('adds a reply under its parent, or only counts it in a preview', () => {
    const full = addComment([comment(1), comment(2)], comment(3), 2);
    expect(full[1]!.items.map((c) => c.id)).toEqual([3]);
    expect(addComment(full, comment(4), 0).map((c) => c.id)).toEqual([1, 2, 4]);
    expect(addPreview([preview(1, 2)], comment(5), 1)[0]!.replyCount).toBe(3);
    expect(addPreview([preview(1, 2)], comment(5), 0).map((c) => [c.id, c.replyCount])).toEqual([
      [1, 2],
      [5, 0],
    ]);
  });

  it('drops a comment, or a reply from its parent', () => {
    const list = [comment(1, [comment(3), comment(4)]), comment(2)];
    expect(dropComment(list, 2, 0).map((c) => c.id)).toEqual([1]);
    expect(dropComment(list, 3, 1)[0]!.items.map((c) => c.id)).toEqual([4]);
    expect(dropPreview([preview(1, 1)], 9, 1)[0]!.replyCount).toBe(0);
  });

  it('patches a reply wherever it is', () => {
    const list = patchCommentIn([comment(1, [comment(3)])], 3, { likes: 1, islike: 1 });
    expect(list[0]!.items[0]).toMatchObject({ likes: 1, islike: 1 });
  });
});

describe('wall caches', () => {
  it('changes every copy of a post and the follow flag of all posts of an author', () => {
    const { client, read } = cacheWith([page([post('a'), post('b', 'luis')]), page([post('c', 'luis')])]);
    client.setQueryData(['post', 'c'], post('c', 'luis'));
    patchPost(client, 'a', { likes: 7, islike: 1 });
    setAuthorFollow(client, 'luis', 1);
    expect(read()[0]!.posts[0]).toMatchObject({ likes: 7, islike: 1 });
    expect(read().flatMap((p) => p.posts.map((x) => x.follow))).toEqual([0, 1, 1]);
    expect(client.getQueryData<WallPost>(['post', 'c'])!.follow).toBe(1);
  });

  it('removes a post everywhere and keeps new posts out of the offset', () => {
    const { client, key, read } = cacheWith([page([post('a'), post('b')])]);
    prependPost(client, key, post('new'));
    expect(read()[0]!.created.map((p) => p.url)).toEqual(['new']);
    expect(read()[0]!.posts).toHaveLength(2);
    removePost(client, 'a');
    removePost(client, 'new');
    expect(read()[0]!.posts.map((p) => p.url)).toEqual(['b']);
    expect(read()[0]!.created).toEqual([]);
    expect(client.getQueryData(['post', 'a'])).toBeNull();
  });
});

describe('paged comment caches', () => {
  it('adds a new top-level comment to the newest page only, and reaches a comment on any page', () => {
    const client = new QueryClient();
    const key = ['comments', 'p1'];
    client.setQueryData(key, {
      pages: [
        { comments: [comment(5), comment(6)], fin: 0, a: 5 },
        { comments: [comment(1, [comment(2)])], fin: 1, a: 1 },
      ],
      pageParams: [null, 5],
    });
    // As createComment does: a reply goes under its parent wherever it is, a top-level one on the newest page.
    const add = (created: WallComment, parent: number) =>
      mapComments(client, 'p1', (list, newest) =>
        parent === 0 && !newest ? list : addComment(list, created, parent),
      );
    add(comment(7), 0);
    add(comment(8), 1);
    mapComments(client, 'p1', (list) => dropComment(list, 5, 0));
    mapComments(client, 'p1', (list) => patchCommentIn(list, 2, { likes: 3 }));
    const pages = client.getQueryData<{ pages: { comments: WallComment[] }[] }>(key)!.pages;
    expect(pages.map((p) => p.comments.map((c) => c.id))).toEqual([[6, 7], [1]]);
    expect(pages[1]!.comments[0]!.items.map((c) => [c.id, c.likes])).toEqual([
      [2, 3],
      [8, 0],
    ]);
    // Nothing loaded, nothing written.
    mapComments(client, 'other', (list) => addComment(list, comment(9), 0));
    expect(client.getQueryData(['comments', 'other'])).toBeUndefined();
    // The same comment twice (an answer applied again) is still one.
    add(comment(7), 0);
    expect(
      client.getQueryData<{ pages: { comments: WallComment[] }[] }>(key)!.pages[0]!.comments,
    ).toHaveLength(2);
  });

  it('keeps a comment added while an older page is fetched, which replaces the pages it was asked from', async () => {
    const client = new QueryClient();
    const key = ['comments', 'p1'];
    let answer!: (page: { comments: WallComment[]; fin: 0 | 1; a: number | null }) => void;
    const observer = new InfiniteQueryObserver(client, {
      queryKey: key,
      queryFn: ({ pageParam }) =>
        pageParam === null
          ? Promise.resolve({ comments: [comment(5), comment(6)], fin: 0 as const, a: 5 })
          : new Promise<{ comments: WallComment[]; fin: 0 | 1; a: number | null }>(
              (resolve) => (answer = resolve),
            ),
      initialPageParam: null as number | null,
      getNextPageParam: (last: { a: number | null; fin: 0 | 1 }) => (last.fin === 1 ? undefined : last.a),
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
    const older = observer.fetchNextPage();
    // Sent and answered while 'Ver más comentarios' waits for the older page.
    mapComments(client, 'p1', (list, newest) => (newest ? addComment(list, comment(7), 0) : list));
    answer({ comments: [comment(1)], fin: 1, a: 1 });
    await older;
    const pages = client.getQueryData<{ pages: { comments: WallComment[] }[] }>(key)!.pages;
    expect(pages.map((p) => p.comments.map((c) => c.id))).toEqual([[5, 6, 7], [1]]);
    stop();
  });
});
