import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { RotateCw } from 'lucide-react';
import { FOLLOWS_PAGE_DEFAULT } from '@nomadas/shared';
import type { FollowsListName, PublicProfile } from '@nomadas/shared/schemas';
import { useFollowsListQuery } from '../../api/queries/followsList';
import { Avatar } from '../../components/Avatar/Avatar';
import { FollowButton } from '../../components/FollowButton/FollowButton';
import { Modal } from '../../components/Modal/Modal';
import { formatCount } from '../../i18n/numbers';
import { esPerfil } from '../../i18n/screens/perfil';
import { useSessionUser } from '../../session/session';
import { profilePath } from '../../posts/PostParts';
import bones from '../../styles/skeleton.module.css';
import styles from './FollowsDialog.module.css';

const text = esPerfil.lists;
const LISTS: readonly FollowsListName[] = ['followers', 'following'];

interface FollowsDialogProps {
  username: string;
  counts: PublicProfile['counts'];
  initial: FollowsListName;
  onClose: () => void;
}

/** Followers and following of a profile, as two tabs of one dialog; each person links their profile. */
export function FollowsDialog({ username, counts, initial, onClose }: FollowsDialogProps) {
  const [list, setList] = useState(initial);
  const baseId = useId();
  const tabs = useRef<HTMLDivElement>(null);

  const onTabsKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = LISTS.indexOf(list);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowLeft'
        ? LISTS[(index + 1) % LISTS.length]
        : event.key === 'Home'
          ? LISTS[0]
          : event.key === 'End'
            ? LISTS[LISTS.length - 1]
            : undefined;
    if (!next) return;
    event.preventDefault();
    setList(next);
    tabs.current?.querySelector<HTMLElement>(`#${CSS.escape(`${baseId}-${next}-tab`)}`)?.focus();
  };

  return (
    <Modal title={username} onClose={onClose} size="sm">
      <div
        ref={tabs}
        role="tablist"
        aria-label={text.tabsLabel(username)}
        className={styles.tabs}
        onKeyDown={onTabsKeyDown}
      >
        {LISTS.map((name) => {
          const selected = name === list;
          return (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${baseId}-${name}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              data-autofocus={selected || undefined}
              onClick={() => setList(name)}
            >
              {text[name]}
              <span className={styles.tabCount}>{formatCount(counts[name])}</span>
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-${list}-tab`}
        className={styles.panel}
      >
        <People key={list} username={username} list={list} />
      </div>
    </Modal>
  );
}

function People({ username, list }: { username: string; list: FollowsListName }) {
  const me = useSessionUser()?.u;
  const query = useFollowsListQuery(username, list);

  if (query.isPending) return <PeopleSkeleton />;
  if (query.isError && !query.data) {
    return (
      <div className={styles.message}>
        <p>{text.failed}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" size={18} />
          {text.retry}
        </button>
      </div>
    );
  }
  const people = query.data.pages.flatMap((page) => page.people);
  if (people.length === 0) {
    return (
      <p className={styles.message}>
        {list === 'followers' ? text.emptyFollowers(username) : text.emptyFollowing(username)}
      </p>
    );
  }
  return (
    <>
      <ul className={styles.people}>
        {people.map((person) => (
          <li key={person.username} className={styles.person}>
            <Link to={profilePath(person.username)} className={styles.personLink}>
              <Avatar name={person.username} src={person.img} size={44} />
              <span className={styles.personName}>{person.username}</span>
            </Link>
            {person.username === me ? (
              <span className={styles.you}>{text.you}</span>
            ) : (
              <FollowButton username={person.username} follow={person.follow} />
            )}
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button
          type="button"
          className={`btn btn-secondary btn-block ${styles.more}`}
          aria-busy={query.isFetchingNextPage || undefined}
          onClick={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage();
          }}
        >
          {query.isFetchingNextPage ? text.loadingMore : text.more}
        </button>
      )}
    </>
  );
}

function PeopleSkeleton() {
  return (
    <>
      <p className="visually-hidden" role="status">
        {text.loading}
      </p>
      <ul className={styles.people} aria-hidden="true">
        {Array.from({ length: Math.min(5, FOLLOWS_PAGE_DEFAULT) }, (_, key) => (
          <li key={key} className={styles.person}>
            <span className={styles.personLink}>
              <span className={`${bones.circle} ${styles.avatarBone}`} />
              <span className={`${bones.line} ${styles.nameBone}`} />
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
