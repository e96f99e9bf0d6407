import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MapLocation, MyPlace } from '@nomadas/shared/schemas';
import { session } from '../../session/session';
import { call, isOk } from '../client';
import { keepMyPlacesOffline } from '../offlinePlaces';
import { uploadForm } from '../upload';
import { ApiFailure, dataOf } from './apiData';
import { mapLocationKey } from './mapLocation';

export type { MyPlace };

const loggedInUser = () => {
  const now = session.getSnapshot();
  return now.status === 'in' ? now.user.u : null;
};

/** The user's "Mis lugares" (issue #32). */
export const myPlacesKey = ['myPlaces'] as const;

/**
 * GET /api/map/saved: the places the user saved, the last saved first (logged-in users only). Each answer
 * also keeps their sheets on the device for use offline.
 */
export const myPlacesQuery = {
  queryKey: myPlacesKey,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<MyPlace[]> => {
    const asker = loggedInUser();
    const places = await dataOf(call('GET /map/saved', undefined, { signal }));
    // Kept only while the user who asked is logged in: a logout meanwhile has forgotten them (pwa/offlineData.ts).
    void keepMyPlacesOffline(places, () => asker !== null && loggedInUser() === asker).catch(() => undefined);
    return places;
  },
};

export function useMyPlacesQuery(enabled = true) {
  return useQuery({ ...myPlacesQuery, enabled });
}

/** The sheet's answer after a change of its photos replaces the cached sheet. */
function useSheetWrite<V>(
  urlpoint: string,
  write: (input: V) => Promise<{ msg: string | undefined; sheet: MapLocation }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: ({ sheet }) => {
      queryClient.setQueryData(mapLocationKey(urlpoint), sheet);
      void queryClient.invalidateQueries({ queryKey: myPlacesKey });
    },
  });
}

/** POST /api/map/location/{urlpoint}/photo (multipart `media`): one photo of the place, through the pipeline. */
export function useAddPlacePhotoMutation(urlpoint: string) {
  return useSheetWrite(
    urlpoint,
    async ({ file, onProgress }: { file: File; onProgress?: (f: number) => void }) => {
      const answer = await uploadForm(
        'POST /map/location/:urlpoint/photo',
        { params: { urlpoint }, form: { media: file } },
        { onProgress },
      );
      if (!isOk(answer) || !answer.data) throw new ApiFailure(answer === false ? undefined : answer.msg);
      return { msg: answer.msg, sheet: answer.data };
    },
  );
}

/** DELETE /api/map/location/{urlpoint}/photo/{photo}: the user's own photo off the place. */
export function useDeletePlacePhotoMutation(urlpoint: string) {
  return useSheetWrite(urlpoint, async (photo: string) => {
    const answer = await call('DELETE /map/location/:urlpoint/photo/:photo', { params: { urlpoint, photo } });
    if (!isOk(answer) || !answer.data) throw new ApiFailure(answer === false ? undefined : answer.msg);
    return { msg: answer.msg, sheet: answer.data };
  });
}
