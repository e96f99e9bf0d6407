import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
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
      dataOf(call('POST /canales/:name/:videoname/like', { params: { name: canal, videoname: name } })),
    onSuccess: (state, { canal, name }) => patchVideo(queryClient, canal, name, state),
  });
}
