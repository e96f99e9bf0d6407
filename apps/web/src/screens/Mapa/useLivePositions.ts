import { useEffect, useMemo, useState } from 'react';
import { useLivePositionsQuery } from '../../api/queries/livePositions';
import { socket } from '../../realtime/realtime';
import type { FriendOnMap } from './MapView';

/**
 * The positions others share with me: GET /api/map/positions when the map opens, then the socket's
 * 't: m' frames (type > 0 moves a marker, type 0 removes it at once). Nothing for a visitor.
 */
export function useLivePositions(loggedIn: boolean, me: string | null): FriendOnMap[] {
  const query = useLivePositionsQuery(loggedIn);
  // The latest frame of each user: a position, or null for one that was wiped, and when it came.
  const [frames, setFrames] = useState<ReadonlyMap<string, { position: FriendOnMap | null; at: number }>>(
    new Map(),
  );

  useEffect(() => {
    if (!loggedIn) return;
    return socket.events.on('map', (frame) => {
      if (frame.ta !== 'pos' || !('u' in frame)) return;
      setFrames((current) => {
        const next = new Map(current);
        const position = frame.type > 0 ? { u: frame.u, i: frame.i, lat: frame.lat, lng: frame.lng } : null;
        next.set(frame.u, { position, at: Date.now() });
        return next;
      });
    });
  }, [loggedIn]);

  return useMemo(() => {
    const byUser = new Map<string, FriendOnMap>();
    for (const { u, i, lat, lng } of query.data ?? []) byUser.set(u, { u, i, lat, lng });
    for (const [u, { position, at }] of frames) {
      // An answer newer than the frame already says where they are.
      if (at < query.dataUpdatedAt) continue;
      if (position) byUser.set(u, position);
      else byUser.delete(u);
    }
    if (me) byUser.delete(me);
    return [...byUser.values()];
  }, [query.data, query.dataUpdatedAt, frames, me]);
}
