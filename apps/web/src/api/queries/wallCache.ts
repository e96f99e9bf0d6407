import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Flag, WallComment, WallCommentPreview, WallPost } from '@nomadas/shared/schemas';

// Every copy of a post lives in the wall lists (['posts', scope]) and in single posts (['post', url]); a change
// made by one action (like, edit, follow, delete) is written into all of them, so every view agrees.

/** One page of a wall list as the cache keeps it. */
export interface WallPage {
  posts: WallPost[];
  fin: Flag;
  b: string | null;
  /** Id of the page's last post as the server sent it: the next page continues right after it. */
  a: string | null;
  /** The latest top-level comments of each post, by post url (the feed shows them). */
  comments: Record<string, WallCommentPreview[]>;
  /** Posts published from this screen since the list loaded; first page only, never counted in the offset. */
  created: WallPost[];
}

export interface WallPageParam {
  n: number;
  b: string | null;
  /** Keyset continuation: the previous page's `a` (null for the first page). */
  a: string | null;
}

type WallPostsData = InfiniteData<WallPage, WallPageParam>;

const POSTS_ROOT = ['posts'] as const;
const POST_ROOT = ['post'] as const;
const COMMENTS_ROOT = ['comments'] as const;

export const wallPostsRoot = POSTS_ROOT;
export const postRoot = POST_ROOT;
export const commentsRoot = COMMENTS_ROOT;

/** Applies `change` to every cached copy of every post (return the same object to leave one alone). */
function mapPosts(queryClient: QueryClient, change: (post: WallPost) => WallPost) {
  queryClient.setQueriesData<WallPostsData>({ queryKey: POSTS_ROOT }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.map(change),
            created: page.created.map(change),
          })),
        }
      : data,
  );
  queryClient.setQueriesData<WallPost | null>({ queryKey: POST_ROOT }, (post) =>
    post ? change(post) : post,
  );
}

export function patchPost(queryClient: QueryClient, url: string, patch: Partial<WallPost>) {
  mapPosts(queryClient, (post) => (post.url === url ? { ...post, ...patch } : post));
}

/** Follow flag of an author on all of their posts, in every list (spec §4). */
export function setAuthorFollow(queryClient: QueryClient, username: string, follow: Flag) {
  mapPosts(queryClient, (post) => (post.username === username && !post.self ? { ...post, follow } : post));
}

/** Takes a deleted or reported post out of every list; a single copy becomes "not available". */
export function removePost(queryClient: QueryClient, url: string) {
  queryClient.setQueriesData<WallPostsData>({ queryKey: POSTS_ROOT }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.filter((post) => post.url !== url),
            created: page.created.filter((post) => post.url !== url),
          })),
        }
      : data,
  );
  queryClient.setQueryData<WallPost | null>([...POST_ROOT, url], null);
}

/** Puts a post just published at the top of one list. */
export function prependPost(queryClient: QueryClient, listKey: readonly unknown[], post: WallPost) {
  queryClient.setQueryData<WallPostsData>(listKey, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    return { ...data, pages: [{ ...first, created: [post, ...first.created] }, ...rest] };
  });
}

// ---------------------------------------------------------------- comments

type CommentLike = WallComment | WallCommentPreview;

/** Changes one comment, top-level or reply, wherever it is in a list. */
export function patchCommentIn<C extends CommentLike>(
  list: C[],
  id: number,
  patch: Partial<WallComment>,
): C[] {
  return list.map((comment) => {
    if (comment.id === id) return { ...comment, ...patch };
    if (!comment.items.some((reply) => reply.id === id)) return comment;
    return {
      ...comment,
      items: comment.items.map((reply) => (reply.id === id ? { ...reply, ...patch } : reply)),
    };
  });
}

/** Adds a new comment to a full list: at the end, or as the last reply of `parent`. */
export function addComment(list: WallComment[], comment: WallComment, parent: number): WallComment[] {
  const add = (items: WallComment[]) =>
    items.some((item) => item.id === comment.id) ? items : [...items, comment];
  if (parent === 0) return add(list);
  return list.map((item) => (item.id === parent ? { ...item, items: add(item.items) } : item));
}

/** The same for the feed's previews, where a reply only adds to its parent's count. */
export function addPreview(list: WallCommentPreview[], comment: WallComment, parent: number) {
  if (parent === 0) return [...list, { ...comment, replyCount: 0 }];
  return list.map((item) => (item.id === parent ? { ...item, replyCount: item.replyCount + 1 } : item));
}

/** Drops a comment from a full list, or a reply from its parent. */
export function dropComment(list: WallComment[], id: number, parent: number): WallComment[] {
  if (parent === 0) return list.filter((item) => item.id !== id);
  return list.map((item) =>
    item.id === parent ? { ...item, items: item.items.filter((r) => r.id !== id) } : item,
  );
}

export function dropPreview(list: WallCommentPreview[], id: number, parent: number) {
  if (parent === 0) return list.filter((item) => item.id !== id);
  return list.map((item) =>
    item.id === parent ? { ...item, replyCount: Math.max(0, item.replyCount - 1) } : item,
  );
}

/** Applies `change` to the comment previews of one post in every list. */
export function mapCommentPreviews(
  queryClient: QueryClient,
  url: string,
  change: (previews: WallCommentPreview[]) => WallCommentPreview[],
) {
  queryClient.setQueriesData<WallPostsData>({ queryKey: POSTS_ROOT }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => {
            const previews = page.comments[url];
            return previews ? { ...page, comments: { ...page.comments, [url]: change(previews) } } : page;
          }),
        }
      : data,
  );
}

/** The comment pages of a post as the cache keeps them (api/queries/comments.ts), newest page first. */
type CommentPagesData = InfiniteData<{ comments: WallComment[] }, unknown>;

/**
 * Applies `change` to each loaded page of a post's comments; `newest` marks the page of the latest ones,
 * where a new top-level comment belongs.
 */
export function mapComments(
  queryClient: QueryClient,
  url: string,
  change: (comments: WallComment[], newest: boolean) => WallComment[],
) {
  const queryKey = [...COMMENTS_ROOT, url];
  const apply = () =>
    queryClient.setQueryData<CommentPagesData>(queryKey, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page, i) => ({ ...page, comments: change(page.comments, i === 0) })),
          }
        : data,
    );
  apply();
  // A page under way ('Ver más comentarios') was asked from the pages as they were, and replaces them when it
  // comes: the change is made again on what it brings, or a comment just sent would vanish from the list.
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === 'fetching') return;
    unsubscribe();
    apply();
  });
}
