import { useId, useMemo, useRef } from 'react';
import { QueryScope } from '../api/QueryScope';
import { esMuro } from '../i18n/screens/muro';
import { PostDialogs } from './PostDialogs';
import { ListEnd, PostList } from './PostList';
import { PostModal } from './PostModal';
import { usePagedPosts } from './usePagedPosts';
import { useLocalPostPlace, usePostModal } from './usePostModal';
import { VisitorInvite } from './VisitorInvite';

const text = esMuro.userPosts;

/**
 * One user's posts (GET /api/posts?…&u={username}) as the wall's grid, paged on scroll. A tile opens the post
 * modal over the profile, with previous and next through this user's posts; the profile's address stays, and
 * closing gives focus back to the tile. A direct /muro/{url} link still opens the post on the wall.
 */
export function UserPosts({ username }: { username: string }) {
  return (
    <QueryScope>
      <UserPostsGrid username={username} />
    </QueryScope>
  );
}

function UserPostsGrid({ username }: { username: string }) {
  const headingId = useId();
  const scope = useMemo(() => ({ user: username }), [username]);
  const list = usePagedPosts(scope);
  const place = useLocalPostPlace(username);
  const root = useRef<HTMLElement>(null);
  const modal = usePostModal(list, place, root);

  return (
    <section ref={root} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {text.heading(username)}
      </h2>
      <PostList list={list} mode={1} onOpen={modal.onOpen} empty={text.empty} />
      {list.limited ? <VisitorInvite /> : <ListEnd list={list} />}
      {modal.openUrl && <PostModal {...modal.modalProps} />}
      <PostDialogs />
    </section>
  );
}
