import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { dropComment, dropPreview, mapCommentPreviews, mapComments, patchPost } from './wallCache';

export const deleteCommentKey = ['deleteComment'] as const;

export interface CommentRef {
  url: string;
  id: number;
  /** The top-level comment a reply sits under; 0 for a top-level comment. */
  parent: number;
}

/** POST /api/comment/delete/{id}: removed (a reply from its parent) after the server confirms (spec §4). */
export function useDeleteCommentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteCommentKey,
    mutationFn: ({ id }: CommentRef) => dataOf(call('POST /comment/delete/:id', { params: { id } })),
    onSuccess: (answer, { url, id, parent }) => {
      mapComments(queryClient, url, (list) => dropComment(list, id, parent));
      mapCommentPreviews(queryClient, url, (list) => dropPreview(list, id, parent));
      if (typeof answer?.comentarios === 'number')
        patchPost(queryClient, url, { comentarios: answer.comentarios });
    },
  });
}
