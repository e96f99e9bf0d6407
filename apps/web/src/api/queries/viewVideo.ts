import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiEnvelope } from '@nomadas/shared';
import type { VideoView } from '@nomadas/shared/schemas';
import { api } from '../client';
import { dataOf, segment } from './apiData';
import { patchVideo } from './channelCache';

/** POST /api/canales/{name}/{videoname}/view, once when playback starts; the server counts a viewer once a day. */
export function useViewVideoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ canal, name }: { canal: string; name: string }) =>
      dataOf(api.post<ApiEnvelope<VideoView>>(`/canales/${segment(canal)}/${segment(name)}/view`)),
    onSuccess: ({ views }, { canal, name }) => patchVideo(queryClient, canal, name, { views }),
  });
}
