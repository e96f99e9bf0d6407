import { useQuery } from '@tanstack/react-query';
import { VIDEO_PROGRESS_POLL_MS } from '@nomadas/shared';
import type { Video, VideoPage } from '@nomadas/shared/schemas';
import { find } from '../client';
import { foundData } from './apiData';

export type { Video, VideoPage };

export const videoRoot = ['video'] as const;
export const videoKey = (canal: string, name: string) => [...videoRoot, canal.toLowerCase(), name] as const;

/**
 * GET /api/canales/{name}/{videoname}: the video, its channel and what to watch next; null when there is no
 * such video (404). While its owner looks at one being processed, it is asked for again until it is ready.
 */
export function useVideoQuery(canal: string, name: string) {
  return useQuery({
    queryKey: videoKey(canal, name),
    queryFn: async ({ signal }): Promise<VideoPage | null> => {
      return foundData(
        find('GET /canales/:name/:videoname', { params: { name: canal, videoname: name } }, { signal }),
      );
    },
    enabled: canal !== '' && name !== '',
    refetchInterval: (query) =>
      query.state.data?.video.state === 'procesando' ? VIDEO_PROGRESS_POLL_MS : false,
  });
}
