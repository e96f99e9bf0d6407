import type { MouseEvent } from 'react';
import type { WallPost } from '@nomadas/shared/schemas';
import { esMuro } from '../i18n/screens/muro';
import type { PagedPosts } from './usePagedPosts';
import { WallList, WallSkeleton, type WallMode } from './WallList';
import styles from './PostList.module.css';

const text = esMuro.list;

interface PostListProps {
  list: PagedPosts;
  mode: WallMode;
  /** Opens a post of the grid in the modal. */
  onOpen: (post: WallPost, event: MouseEvent<HTMLAnchorElement>) => void;
  /** What an empty list says. */
  empty: string;
}

/**
 * A paged list of posts in all its states: skeletons while it loads (never spinners), a retry when a page
 * fails, the empty note, the posts, and the mark that loads the next page as it nears the screen.
 */
export function PostList({ list, mode, onOpen, empty }: PostListProps) {
  const { query, posts, comments, limited, end, retryNext } = list;
  return (
    <>
      <p className="visually-hidden" role="status">
        {query.isPending ? text.loading : query.isFetchingNextPage ? text.loadingMore : ''}
      </p>
      {query.isPending ? (
        <WallSkeleton mode={mode} count={mode === 1 ? 12 : 2} />
      ) : query.isError && posts.length === 0 ? (
        <div className={styles.note}>
          <p>{text.failed}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
            {text.retry}
          </button>
        </div>
      ) : posts.length === 0 ? (
        <p className={styles.note}>{empty}</p>
      ) : (
        <WallList mode={mode} posts={posts} comments={comments} onOpen={onOpen} locked={limited} />
      )}
      {query.isFetchingNextPage && <WallSkeleton mode={mode} count={mode === 1 ? 3 : 1} />}
      {query.isFetchNextPageError && (
        <div className={styles.note}>
          <p>{text.failed}</p>
          <button type="button" className="btn btn-secondary" onClick={retryNext}>
            {text.retry}
          </button>
        </div>
      )}
      <div ref={end} />
    </>
  );
}

/** 'Ya lo has visto todo': a list loaded to its end. */
export function ListEnd({ list }: { list: PagedPosts }) {
  if (list.query.hasNextPage || list.posts.length === 0) return null;
  return <p className={styles.end}>{text.end}</p>;
}
