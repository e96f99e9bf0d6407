import { useQuery } from '@tanstack/react-query';
import { VIDEO_PROGRESS_POLL_MS } from '@nomadas/shared';
import type { OwnChannel } from '@nomadas/shared/schemas';
import { call } from '../client';
import { dataOf } from './apiData';

export type { OwnChannel };

export const ownChannelKey = ['canal_propio'] as const;

/**
 * GET /api/canal: my channel (null when I have none), all my videos with their processing state, and the
 * largest upload the server takes. Asked for again every few seconds while any of my videos is processing.
 */
export function useOwnChannelQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ownChannelKey,
    queryFn: ({ signal }) => dataOf(call('GET /canal', undefined, { signal })),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.videos.some((video) => video.state === 'procesando') ? VIDEO_PROGRESS_POLL_MS : false,
  });
}
