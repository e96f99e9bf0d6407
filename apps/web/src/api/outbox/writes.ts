import type { QueryClient } from '@tanstack/react-query';
import { MSG, type ApiEnvelope } from '@nomadas/shared';
import type {
  CreatedComment,
  FollowState,
  LikeState,
  MapLocation,
  ReviewBody,
  SavedState,
} from '@nomadas/shared/schemas';
import { toast } from '../../components/Toast/toast';
import { esOutbox } from '../../i18n/es.outbox';
import { call, type ApiResult } from '../client';
import { applyFollowChange } from '../queries/follow';
import { mapLocationKey } from '../queries/mapLocation';
import { mapPointsRoot } from '../queries/mapPoints';
import { myPlacesQuery } from '../queries/myPlaces';
import {
  addComment,
  addPreview,
  mapCommentPreviews,
  mapComments,
  patchCommentIn,
  patchPost,
  wallPostsRoot,
} from '../queries/wallCache';
import { uploadNewPost } from '../newPost';
import type { SendOutcome } from './outboxEngine';
import { applyPlaceReport, sendPlaceReport, type PlaceReportWrite } from './placeReportWrite';

/** The writes that wait for the signal: what the user did, as it will be sent. */
export type OutboxWrite =
  /** `like`: what the user asked for (the call toggles; the flag lets a pending one show right over any answer). */
  | { kind: 'likePost'; url: string; like: boolean }
  | { kind: 'likeComment'; url: string; id: number; like: boolean }
  /** A comment (`p` 0) or a reply to comment `p`. */
  | { kind: 'comment'; url: string; c: string; p: number }
  | { kind: 'follow'; username: string; follow: boolean }
  | { kind: 'review'; urlpoint: string; review: ReviewBody }
  | { kind: 'confirm'; urlpoint: string }
  | PlaceReportWrite
  /** Into "Mis lugares" or out of it: what the user asked for, not a toggle. */
  | { kind: 'savePlace'; urlpoint: string; saved: boolean }
  /** A new post: its photo (already shrunk) is kept in IndexedDB with it. */
  | { kind: 'post'; text: string; lugar?: string; media: File };

/**
 * What one attempt came to. A KO is the server's refusal with its reason; a 404 says the thing is gone. Nothing
 * at all, a 401 (the session closed: it goes with the next login of that user), a 408 or 429 (later, says the
 * server, which keeps no receipt for them) or a 5xx (a restart, a proxy) leave the write waiting.
 */
export async function outcomeOf(
  send: (onStatus: (status: number) => void) => Promise<ApiResult<ApiEnvelope<unknown>>>,
): Promise<SendOutcome> {
  let status: number | undefined;
  const answer = await send((value) => (status = value));
  if (answer !== false && answer.state === 'OK') return { kind: 'ok', data: answer.data ?? answer.msg };
  if (status === undefined || [401, 408, 429].includes(status) || status >= 500)
    return { kind: 'unanswered' };
  if (answer === false)
    return status === 404 ? { kind: 'refused', msg: esOutbox.gone } : { kind: 'unanswered' };
  return { kind: 'refused', msg: answer.msg || esOutbox.refused };
}

/** Sends one write with its client id, so a retry of it takes effect once. */
export function sendWrite(write: OutboxWrite, idempotencyKey: string): Promise<SendOutcome> {
  return outcomeOf((onStatus) => {
    const options = { idempotencyKey, onStatus };
    switch (write.kind) {
      case 'likePost':
        return call('POST /like/post/:posturl', { params: { posturl: write.url } }, options);
      case 'likeComment':
        return call('POST /comment/like/:id', { params: { id: write.id } }, options);
      case 'comment':
        return call(
          'POST /comment/create/:posturl',
          { params: { posturl: write.url }, body: { c: write.c, p: write.p } },
          options,
        );
      case 'follow':
        return write.follow
          ? call('POST /follow/user/:username', { params: { username: write.username } }, options)
          : call('POST /quitfollow/:username', { params: { username: write.username } }, options);
      case 'review':
        return call(
          'POST /map/location/:urlpoint/review',
          { params: { urlpoint: write.urlpoint }, body: write.review },
          options,
        );
      case 'confirm':
        return call(
          'POST /map/location/:urlpoint/confirm',
          { params: { urlpoint: write.urlpoint } },
          options,
        );
      case 'savePlace':
        return call(
          'POST /map/location/:urlpoint/save',
          { params: { urlpoint: write.urlpoint }, body: { saved: write.saved } },
          options,
        );
      case 'placeReport':
        return sendPlaceReport(write, options);
      case 'post':
        return uploadNewPost(
          { text: write.text, lugar: write.lugar, media: write.media },
          { idempotencyKey, onStatus },
        );
    }
  });
}

/** The server took a write: its answer replaces the optimistic state in every cached copy. */
export function applyWrite(queryClient: QueryClient, write: OutboxWrite, data: unknown) {
  switch (write.kind) {
    case 'likePost': {
      const { islike, likes } = data as LikeState;
      patchPost(queryClient, write.url, { islike, likes });
      return;
    }
    case 'likeComment': {
      const { islike, likes } = data as LikeState;
      const patch = { islike, likes };
      mapComments(queryClient, write.url, (list) => patchCommentIn(list, write.id, patch));
      mapCommentPreviews(queryClient, write.url, (list) => patchCommentIn(list, write.id, patch));
      return;
    }
    case 'comment': {
      const { parent, comentarios, ...comment } = data as CreatedComment;
      const fresh = { ...comment, items: [], likes: 0, islike: 0 as const };
      // A reply joins its parent wherever it is; a new top-level comment is the newest of all.
      mapComments(queryClient, write.url, (list, newest) =>
        parent === 0 && !newest ? list : addComment(list, fresh, parent),
      );
      mapCommentPreviews(queryClient, write.url, (list) => addPreview(list, fresh, parent));
      patchPost(queryClient, write.url, { comentarios });
      return;
    }
    case 'follow': {
      const state = data as FollowState;
      applyFollowChange(queryClient, write.username, state.follow, state.wsm);
      return;
    }
    case 'review':
      toast(typeof data === 'string' && data ? data : MSG.mapReviewSaved, 'ok');
      // The rating changed: the sheet and the points that show it.
      void queryClient.invalidateQueries({ queryKey: mapLocationKey(write.urlpoint) });
      void queryClient.invalidateQueries({ queryKey: mapPointsRoot });
      return;
    case 'confirm':
      toast(typeof data === 'string' && data ? data : esOutbox.confirmed, 'ok');
      void queryClient.invalidateQueries({ queryKey: mapLocationKey(write.urlpoint) });
      return;
    case 'savePlace': {
      const { saved } = data as SavedState;
      queryClient.setQueryData<MapLocation | null>(mapLocationKey(write.urlpoint), (sheet) =>
        sheet ? { ...sheet, saved } : sheet,
      );
      // Read again now, so that its sheet is kept for use offline at once (myPlacesQuery).
      void queryClient.fetchQuery({ ...myPlacesQuery, staleTime: 0 }).catch(() => undefined);
      return;
    }
    case 'placeReport':
      applyPlaceReport(queryClient, write, data);
      return;
    case 'post':
      // Published later than the wall was read: the lists are read again and show it first.
      toast(esOutbox.postSent, 'ok');
      void queryClient.invalidateQueries({ queryKey: wallPostsRoot });
      return;
  }
}
