import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { VideoLike } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf, segment } from './apiData';
import { patchVideo } from './channelCache';

export const likeVideoKey = ['likeVideo'] as const;

interface VideoRef {
  canal: string;
  name: string;
}

/** POST /api/canales/{name}/{videoname}/like: toggles; the heart and count follow the server's answer. */
export function useLikeVideoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: likeVideoKey,
    mutationFn: ({ canal, name }: VideoRef) =>
      dataOf(api.post<ApiEnvelope<VideoLike>>(`/canales/${segment(canal)}/${segment(name)}/like`)),
    onSuccess: (state, { canal, name }) => patchVideo(queryClient, canal, name, state),
  });
}
