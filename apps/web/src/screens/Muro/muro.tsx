import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LayoutGrid, Rows3 } from 'lucide-react';
import { MSG, WALL_VISITOR_POPUP_MS, WALL_VISITOR_POSTS, extractHashtags } from '@nomadas/shared';
import type { WallCommentPreview, WallPost } from '@nomadas/shared/schemas';
import { QueryScope } from '../../api/QueryScope';
import { usePostQuery } from '../../api/queries/post';
import { useWallPostsQuery, wallPostsKey, type WallPage } from '../../api/queries/posts';
import { prependPost } from '../../api/queries/wallCache';
import { usePageTitle } from '../../app/usePageTitle';
import { shellStore } from '../../app/shellStore';
import { browserStorage } from '../../app/storage';
import { AUTH_MODE, openAuthModal } from '../../components/AuthModal/openAuthModal';
import { useSessionUser } from '../../session/session';
import { settings } from '../../settings';
import { esMuro } from '../../i18n/screens/muro';
import { shorten } from './format';
import { NewPostButton } from './composer/NewPostButton';
import { PostDialogs } from './PostDialogs';
import { PostModal } from './PostModal';
import { postText } from './PostParts';
import { SidePanel } from './SidePanel';
import { useLoadMore } from './useLoadMore';
import { WallList, WallSkeleton, type WallMode } from './WallList';
import { visitorPopup, wallEvents } from './wallStore';
import styles from './muro.module.css';

const text = esMuro;
const MODE_KEY = 'muro_vista';

/** The wall, /muro/{post?} and /tags/{tag} (spec §2). TanStack Query arrives with this chunk. */
export default function MuroScreen() {
  return (
    <QueryScope>
      <Wall />
    </QueryScope>
  );
}

function flatten(data: { pages: WallPage[] } | undefined) {
  const posts: WallPost[] = [];
  const comments: Record<string, WallCommentPreview[]> = {};
  for (const page of data?.pages ?? []) {
    posts.push(...page.created, ...page.posts);
    Object.assign(comments, page.comments);
  }
  return { posts, comments };
}

/** Grid (1) or feed (2), remembered on this device. */
function useWallMode() {
  const [mode, setMode] = useState<WallMode>(() => (browserStorage.getItem(MODE_KEY) === '2' ? 2 : 1));
  const choose = useCallback((next: WallMode) => {
    setMode(next);
    browserStorage.setItem(MODE_KEY, String(next));
  }, []);
  return [mode, choose] as const;
}

/**
 * The shell scrolls to the top on every new path; opening, moving through and closing the post modal change
 * the path (/muro/{post}), so the wall behind it is put back where it was.
 */
function useKeepScroll(pathname: string) {
  const saved = useRef<number | null>(null);
  useEffect(() => {
    const top = saved.current;
    if (top === null) return;
    saved.current = null;
    const frame = requestAnimationFrame(() => window.scrollTo({ top, behavior: 'instant' }));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return useCallback(() => {
    saved.current = window.scrollY;
  }, []);
}

function Wall() {
  const params = useParams();
  const tag = params.tag?.toLocaleLowerCase('es');
  const user = useSessionUser();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useWallMode();
  const scope = useMemo(() => ({ tag }), [tag]);
  const wall = useWallPostsQuery(scope);
  const { posts, comments } = useMemo(() => flatten(wall.data), [wall.data]);

  // Visitors see the first five posts, then an invitation; loading stops there (spec §2, §4).
  const limited = !user && posts.length >= WALL_VISITOR_POSTS;
  const shown = useMemo(() => (user ? posts : posts.slice(0, WALL_VISITOR_POSTS)), [user, posts]);

  // ---- the post modal: /muro/{post} on the wall; on /tags it opens in place, the tag's list behind it.
  // Remembered with its tag, so following a #hashtag out of an open post closes it.
  const [tagPost, setTagPost] = useState<{ tag: string; url: string } | null>(null);
  const openUrl = tag ? (tagPost?.tag === tag ? tagPost.url : null) : (params.post ?? null);
  const index = openUrl ? shown.findIndex((post) => post.url === openUrl) : -1;
  const single = usePostQuery(openUrl ?? '', !!openUrl && index < 0);
  const modalPost = index >= 0 ? shown[index] : single.data;
  const keepScroll = useKeepScroll(location.pathname);
  const fromWall = (location.state as { fromWall?: boolean } | null)?.fromWall === true;

  const show = useCallback(
    (url: string, replace: boolean) => {
      if (tag) return setTagPost({ tag, url });
      keepScroll();
      navigate(`/muro/${encodeURIComponent(url)}`, { replace, state: { fromWall: true } });
    },
    [tag, keepScroll, navigate],
  );

  // Closing the modal on route muro goes to /muro (spec §2): back to it when the wall opened the post.
  const closeModal = useCallback(() => {
    if (tag) return setTagPost(null);
    keepScroll();
    if (fromWall) void navigate(-1);
    else void navigate('/muro');
  }, [tag, keepScroll, fromWall, navigate]);

  useEffect(
    () =>
      wallEvents.on('removed', (url) => {
        if (url === openUrl) closeModal();
      }),
    [openUrl, closeModal],
  );

  const canLoadMore = wall.hasNextPage && !limited;
  const previous = index > 0 ? shown[index - 1] : undefined;
  const next = index >= 0 ? shown[index + 1] : undefined;
  const atEnd = index >= 0 && index === shown.length - 1 && canLoadMore;
  const onNext = next
    ? () => show(next.url, true)
    : atEnd && !wall.isFetchingNextPage
      ? () => {
          // Next at the end of the loaded list brings the next page, then moves on.
          const from = openUrl;
          void wall.fetchNextPage().then((result) => {
            const list = flatten(result.data).posts;
            const following = list[list.findIndex((post) => post.url === from) + 1];
            if (following) show(following.url, true);
          });
        }
      : undefined;

  const onOpen = (post: WallPost, event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    show(post.url, false);
  };

  // ---- page title and description: the open post's author and text, otherwise the wall's (spec §2).
  const titlePost = openUrl ? modalPost : undefined;
  usePageTitle(
    titlePost ? titlePost.username : text.title,
    titlePost ? shorten(postText(titlePost), 160) || titlePost.username : text.description(settings.siteName),
  );

  // ---- infinite loading and the visitor's limit.
  const end = useRef<HTMLDivElement>(null);
  const { fetchNextPage } = wall;
  const loadNext = useCallback(() => fetchNextPage(), [fetchNextPage]);
  const allowRetry = useLoadMore(end, {
    active: canLoadMore && !wall.isFetching && !wall.isFetchNextPageError,
    count: posts.length,
    load: loadNext,
  });

  const invited = useRef(false);
  useEffect(() => {
    if (!limited || openUrl || invited.current) return;
    let stopWaiting = () => {};
    // A popup already open (the home banner, a like's invitation) is not replaced: this one waits its turn.
    const invite = () => {
      if (shellStore.get().overlay) return false;
      invited.current = true;
      visitorPopup(MSG.visitorMorePosts);
      return true;
    };
    const timer = window.setTimeout(() => {
      if (invite()) return;
      stopWaiting = shellStore.subscribe(() => {
        if (invite()) stopWaiting();
      });
    }, WALL_VISITOR_POPUP_MS);
    return () => {
      window.clearTimeout(timer);
      stopWaiting();
    };
  }, [limited, openUrl]);

  // The composer's new post goes to the top of the list on screen, brought into view.
  const listTop = useRef<HTMLElement>(null);
  const onCreated = useCallback(
    (post: WallPost) => {
      // On a hashtag's page the post joins that list only if it carries the hashtag; the wall always.
      prependPost(queryClient, wallPostsKey({}), post);
      if (tag && extractHashtags(postText(post)).includes(tag))
        prependPost(queryClient, wallPostsKey(scope), post);
      requestAnimationFrame(() => {
        const top = listTop.current;
        if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
      });
    },
    [queryClient, scope, tag],
  );

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        {tag && (
          <Link to="/muro" className={styles.back}>
            <ArrowLeft aria-hidden="true" size={18} />
            {text.backToWall}
          </Link>
        )}
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{tag ? text.tagTitle(tag) : text.title}</h1>
          <div className={styles.tools}>
            <NewPostButton onCreated={onCreated} />
            <ModeToggle mode={mode} onChange={setMode} />
          </div>
        </div>
        <p className={styles.intro}>{tag ? text.tagIntro : text.intro}</p>
      </header>

      <SidePanel className={tag ? styles.phoneHidden : undefined} />

      <section ref={listTop} className={styles.list} aria-labelledby="muro-posts">
        <h2 id="muro-posts" className="visually-hidden">
          {text.list.label}
        </h2>
        <p className="visually-hidden" role="status">
          {wall.isPending ? text.list.loading : wall.isFetchingNextPage ? text.list.loadingMore : ''}
        </p>
        {wall.isPending ? (
          <WallSkeleton mode={mode} count={mode === 1 ? 12 : 2} />
        ) : wall.isError && posts.length === 0 ? (
          <div className={styles.note}>
            <p>{text.list.failed}</p>
            <button type="button" className="btn btn-secondary" onClick={() => void wall.refetch()}>
              {text.list.retry}
            </button>
          </div>
        ) : shown.length === 0 ? (
          <p className={styles.note}>{tag ? text.list.emptyTag(tag) : text.list.empty}</p>
        ) : (
          <WallList mode={mode} posts={shown} comments={comments} onOpen={onOpen} locked={limited} />
        )}
        {wall.isFetchingNextPage && <WallSkeleton mode={mode} count={mode === 1 ? 3 : 1} />}
        {wall.isFetchNextPageError && (
          <div className={styles.note}>
            <p>{text.list.failed}</p>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                allowRetry();
                void wall.fetchNextPage();
              }}
            >
              {text.list.retry}
            </button>
          </div>
        )}
        <div ref={end} />
        {limited ? (
          <VisitorInvite />
        ) : (
          !wall.hasNextPage && shown.length > 0 && <p className={styles.end}>{text.list.end}</p>
        )}
      </section>

      {openUrl && (
        <PostModal
          post={modalPost}
          onClose={closeModal}
          onPrevious={previous ? () => show(previous.url, true) : undefined}
          onNext={onNext}
          nextLoading={atEnd && wall.isFetchingNextPage}
        />
      )}
      <PostDialogs />
    </div>
  );
}

function ModeToggle({ mode, onChange }: { mode: WallMode; onChange: (mode: WallMode) => void }) {
  return (
    <div role="group" aria-label={text.mode.label} className={styles.toggle}>
      <button type="button" aria-pressed={mode === 1} onClick={() => onChange(1)}>
        <LayoutGrid aria-hidden="true" size={18} />
        <span className={styles.toggleLabel}>{text.mode.grid}</span>
      </button>
      <button type="button" aria-pressed={mode === 2} onClick={() => onChange(2)}>
        <Rows3 aria-hidden="true" size={18} />
        <span className={styles.toggleLabel}>{text.mode.feed}</span>
      </button>
    </div>
  );
}

/** The end of a visitor's wall: the same invitation as the popup, for when it has been closed. */
function VisitorInvite() {
  return (
    <div className={`card ${styles.invite}`}>
      <h2 className={styles.inviteTitle}>{text.visitor.endTitle}</h2>
      <p>{MSG.visitorMorePosts}</p>
      <div className={styles.inviteActions}>
        <button type="button" className="btn btn-primary" onClick={() => openAuthModal(AUTH_MODE.register)}>
          {text.visitor.register}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => openAuthModal(AUTH_MODE.login)}>
          {text.visitor.login}
        </button>
      </div>
    </div>
  );
}
