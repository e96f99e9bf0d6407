import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../client';
import { dataOf } from './apiData';
import { patchVideo } from './channelCache';

/** POST /api/canales/{name}/{videoname}/view, once when playback starts; the server counts a viewer once a day. */
export function useViewVideoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ canal, name }: { canal: string; name: string }) =>
      dataOf(call('POST /canales/:name/:videoname/view', { params: { name: canal, videoname: name } })),
    onSuccess: ({ views }, { canal, name }) => patchVideo(queryClient, canal, name, { views }),
  });
}
