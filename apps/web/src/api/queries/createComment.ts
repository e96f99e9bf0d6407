import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { addComment, addPreview, mapCommentPreviews, mapComments, patchPost } from './wallCache';

export const createCommentKey = ['createComment'] as const;

export interface NewComment {
  url: string;
  /** The text; it must have a non-whitespace character (spec §5), checked before calling. */
  c: string;
  /** Parent comment id, 0 for a top-level comment. */
  p: number;
}

/** POST /api/comment/create/{url} {c, p}: the comment joins the lists and the post's total goes up. */
export function useCreateCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createCommentKey,
    mutationFn: ({ url, c, p }: NewComment) =>
      dataOf(call('POST /comment/create/:posturl', { params: { posturl: url }, body: { c, p } })),
    onSuccess: (created, { url }) => {
      const { parent, comentarios, ...comment } = created;
      const fresh = { ...comment, items: [], likes: 0, islike: 0 as const };
      // A reply joins its parent wherever it is; a new top-level comment is the newest of all.
      mapComments(queryClient, url, (list, newest) =>
        parent === 0 && !newest ? list : addComment(list, fresh, parent),
      );
      mapCommentPreviews(queryClient, url, (list) => addPreview(list, fresh, parent));
      patchPost(queryClient, url, { comentarios });
    },
  });
}
