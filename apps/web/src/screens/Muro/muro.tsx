import { useMemo, useRef, type MouseEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { QueryScope } from '../../api/QueryScope';
import { usePageTitle } from '../../app/usePageTitle';
import { settings } from '../../settings';
import { esMuro } from '../../i18n/screens/muro';
import { shorten } from '../../posts/format';
import { ModeToggle, useWallMode } from './ModeToggle';
import { WallFilter, useWallFilter } from './WallFilter';
import { PostDialogs } from '../../posts/PostDialogs';
import { ListEnd, PostList } from '../../posts/PostList';
import { PostModal } from '../../posts/PostModal';
import { postText } from '../../posts/PostParts';
import { PublishButton } from '../../posts/PublishButton';
import { SidePanel } from './SidePanel';
import { usePagedPosts } from '../../posts/usePagedPosts';
import { useSessionUser } from '../../session/session';
import { useLocalPostPlace, usePostModal, useRoutedPostPlace } from '../../posts/usePostModal';
import { VisitorInvite, useVisitorPopup } from '../../posts/VisitorInvite';
import styles from './muro.module.css';

const text = esMuro;

/** The wall, /muro/{post?} and /tags/{tag} (spec §2). TanStack Query arrives with this chunk. */
export default function MuroScreen() {
  return (
    <QueryScope>
      <Wall />
    </QueryScope>
  );
}

/** The skip link's target is the list itself (focusable), so the next Tab reaches the first post. */
function skipToPosts(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const list = document.getElementById('muro-lista');
  list?.focus({ preventScroll: true });
  list?.scrollIntoView({ block: 'start' });
}

function Wall() {
  const params = useParams();
  const tag = params.tag?.toLocaleLowerCase('es');
  const [mode, setMode] = useWallMode();
  const user = useSessionUser();
  const [followingChosen, setFollowing] = useWallFilter();
  // 'Siguiendo' is the whole wall's, for logged-in users; a hashtag's page lists everybody's.
  const following = !!user && !tag && followingChosen;
  const scope = useMemo(() => ({ tag, following }), [tag, following]);
  const list = usePagedPosts(scope);

  // The post modal: /muro/{post} on the wall; on /tags it opens in place, the tag's list behind it.
  const routed = useRoutedPostPlace(!tag);
  const local = useLocalPostPlace(tag);
  const listTop = useRef<HTMLElement>(null);
  const modal = usePostModal(list, tag ? local : routed, listTop);

  // Page title and description: the open post's author and text, otherwise the wall's (spec §2).
  const titlePost = modal.openUrl ? modal.post : undefined;
  usePageTitle(
    titlePost ? titlePost.username : tag ? text.tagTitle(tag) : text.title,
    titlePost ? shorten(postText(titlePost), 160) || titlePost.username : text.description(settings.siteName),
  );

  useVisitorPopup(list.limited, !!modal.openUrl, listTop, mode);

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
            <PublishButton scope={scope} listTop={listTop} />
            <ModeToggle mode={mode} onChange={setMode} />
          </div>
        </div>
        <p className={styles.intro}>{tag ? text.tagIntro : text.intro}</p>
        {user && !tag && <WallFilter following={following} onChange={setFollowing} />}
      </header>

      {/* The side panel comes before the posts on a phone: keyboard users can pass its list by. */}
      <a href="#muro-lista" className={styles.skipToPosts} onClick={skipToPosts}>
        {text.skipToPosts}
      </a>
      <SidePanel className={tag ? styles.phoneHidden : undefined} />

      <section
        ref={listTop}
        id="muro-lista"
        tabIndex={-1}
        className={styles.list}
        aria-labelledby="muro-posts"
      >
        <h2 id="muro-posts" className="visually-hidden">
          {text.list.label}
        </h2>
        <PostList
          list={list}
          mode={mode}
          onOpen={modal.onOpen}
          empty={tag ? text.list.emptyTag(tag) : following ? text.filter.empty : text.list.empty}
        />
        {list.limited ? <VisitorInvite /> : <ListEnd list={list} />}
      </section>

      {modal.openUrl && <PostModal {...modal.modalProps} />}
      <PostDialogs />
    </div>
  );
}
