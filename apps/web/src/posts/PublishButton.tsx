import { useCallback, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { extractHashtags } from '@nomadas/shared';
import type { WallPost } from '@nomadas/shared/schemas';
import { wallPostsKey, type WallScope } from '../api/queries/posts';
import { prependPost } from '../api/queries/wallCache';
import { NewPostButton } from './composer/NewPostButton';
import { postText } from './PostParts';

/**
 * The composer's button for a list of posts (logged-in users only). The new post goes to the top of the wall,
 * and of this list when it belongs there (a hashtag's list if it carries the hashtag, the author's own list),
 * brought into view at `listTop`.
 */
export function PublishButton({
  scope,
  listTop,
}: {
  scope: WallScope;
  listTop: RefObject<HTMLElement | null>;
}) {
  const queryClient = useQueryClient();
  const { tag, user } = scope;
  const onCreated = useCallback(
    (post: WallPost) => {
      prependPost(queryClient, wallPostsKey({}), post);
      const belongs =
        (tag && extractHashtags(postText(post)).includes(tag)) ||
        (user && post.username.toLowerCase() === user.toLowerCase());
      if (belongs) prependPost(queryClient, wallPostsKey({ tag, user }), post);
      requestAnimationFrame(() => {
        const top = listTop.current;
        if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
      });
    },
    [queryClient, tag, user, listTop],
  );
  return <NewPostButton onCreated={onCreated} />;
}
