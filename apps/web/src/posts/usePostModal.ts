import { useCallback, useEffect, useState, type MouseEvent, type RefObject } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { WallPost } from '@nomadas/shared/schemas';
import { usePostQuery } from '../api/queries/post';
import type { PostModalProps } from './PostModal';
import type { PagedPosts } from './usePagedPosts';
import { revealFocused, useKeepScroll } from './useKeepScroll';
import { wallEvents } from './wallStore';

/** Where the open post lives: its url, and how to open another or close it. */
export interface PostModalPlace {
  openUrl: string | null;
  /** `replace`: moving to a neighbour (previous/next) rather than opening from the list. */
  show: (url: string, replace: boolean) => void;
  close: () => void;
  /** The address changes with the post (the scroll behind is put back after each change). */
  routed: boolean;
}

/**
 * The wall's post modal lives in the path, /muro/{post} (a shareable link). Closing it on route muro goes to
 * /muro (spec §2): back in history when the wall opened it, so the wall is as it was left.
 */
export function useRoutedPostPlace(enabled: boolean): PostModalPlace {
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const keepScroll = useKeepScroll(location.pathname);
  const fromWall = (location.state as { fromWall?: boolean } | null)?.fromWall === true;

  const show = useCallback(
    (url: string, replace: boolean) => {
      keepScroll();
      void navigate(`/muro/${encodeURIComponent(url)}`, { replace, state: { fromWall: true } });
    },
    [keepScroll, navigate],
  );
  const close = useCallback(() => {
    keepScroll();
    if (fromWall) void navigate(-1);
    else void navigate('/muro');
  }, [keepScroll, fromWall, navigate]);

  return { openUrl: enabled ? (params.post ?? null) : null, show, close, routed: true };
}

/**
 * A post opened over a list that keeps its own address (/tags/{tag}, a profile's posts). It is remembered with
 * the list's `key`, so leaving for another list (a #hashtag followed out of the open post) closes it.
 */
export function useLocalPostPlace(key: string | undefined): PostModalPlace {
  const [open, setOpen] = useState<{ key: string; url: string } | null>(null);
  const show = useCallback(
    (url: string) => {
      if (key !== undefined) setOpen({ key, url });
    },
    [key],
  );
  const close = useCallback(() => setOpen(null), []);
  return { openUrl: key !== undefined && open?.key === key ? open.url : null, show, close, routed: false };
}

/** The tile of a post in a list's grid (its link to /muro/{url}). */
function tileOf(root: HTMLElement | null, url: string) {
  const href = `/muro/${encodeURIComponent(url)}`;
  return [...(root?.querySelectorAll<HTMLElement>('a[href]') ?? [])].find(
    (link) => link.getAttribute('href') === href,
  );
}

/**
 * The post modal over a paged list: which post is open (from the list, or fetched alone for a direct link),
 * previous and next through the list (next at its end brings the next page first), closing when the open post
 * is deleted or reported, and focus back on the tile of the post shown last. `listRoot` holds the tiles.
 */
export function usePostModal(
  list: PagedPosts,
  place: PostModalPlace,
  listRoot: RefObject<HTMLElement | null>,
) {
  const { posts, canLoadMore, loadMore } = list;
  const { openUrl, show, close, routed } = place;
  const index = openUrl ? posts.findIndex((post) => post.url === openUrl) : -1;
  const single = usePostQuery(openUrl ?? '', !!openUrl && index < 0);
  const post = index >= 0 ? posts[index] : single.data;

  useEffect(
    () =>
      wallEvents.on('removed', (url) => {
        if (url === openUrl) close();
      }),
    [openUrl, close],
  );

  const previous = index > 0 ? posts[index - 1] : undefined;
  const next = index >= 0 ? posts[index + 1] : undefined;
  const atEnd = index >= 0 && index === posts.length - 1 && canLoadMore;
  const nextLoading = atEnd && list.query.isFetchingNextPage;
  const onNext = next
    ? () => show(next.url, true)
    : atEnd && !nextLoading
      ? () => {
          // Next at the end of the loaded list brings the next page, then moves on.
          const from = openUrl;
          void loadMore().then((all) => {
            const following = all[all.findIndex((item) => item.url === from) + 1];
            if (following) show(following.url, true);
          });
        }
      : undefined;

  const onOpen = (item: WallPost, event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    show(item.url, false);
  };

  const returnFocus = () => {
    const tile = openUrl ? tileOf(listRoot.current, openUrl) : undefined;
    // A routed wall puts its scroll back after the path changes and reveals the tile then.
    if (tile && !routed) requestAnimationFrame(revealFocused);
    return tile;
  };

  const modalProps: PostModalProps = {
    post,
    // No answer for a post fetched alone (and none kept from before): offer to try again.
    onRetry:
      index < 0 && single.isError && single.data === undefined ? () => void single.refetch() : undefined,
    onClose: close,
    onPrevious: previous ? () => show(previous.url, true) : undefined,
    onNext,
    nextLoading,
    returnFocus,
  };
  return { openUrl, post, onOpen, modalProps };
}
