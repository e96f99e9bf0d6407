import { useEffect, useMemo, useRef, useState } from 'react';
import type { Bbox } from '@nomadas/shared';
import { useLivePositionsQuery } from '../../api/queries/livePositions';
import { socket } from '../../realtime/realtime';
import type { FriendOnMap } from './MapView';

/** A view is told to the server (and the positions read again) once it has stood still this long. */
const VIEW_SETTLE_MS = 500;

/** MapLibre's bounds as the socket frame takes them: inside ±180/±90, west > east across the antimeridian. */
export function viewBox([west, south, east, north]: Bbox): Bbox {
  const wrap = (lng: number) => ((((lng + 540) % 360) + 360) % 360) - 180;
  const lat = (value: number) => Math.min(90, Math.max(-90, value));
  if (east - west >= 360) return [-180, lat(south), 180, lat(north)];
  return [wrap(west), lat(south), wrap(east), lat(north)];
}

/**
 * The positions others share with me: GET /api/map/positions when the map opens, then the socket's
 * 't: m' frames (type > 0 moves a marker, type 0 removes it at once). Nothing for a visitor. The socket
 * is told the area `view` shows (null once the map closes): points shared with everybody come only for
 * that area, so each new area reads the positions again.
 */
export function useLivePositions(loggedIn: boolean, me: string | null, view: Bbox | null): FriendOnMap[] {
  const query = useLivePositionsQuery(loggedIn);
  const { refetch } = query;
  // The latest frame of each user: a position, or null for one that was wiped, and when it came.
  const [frames, setFrames] = useState<ReadonlyMap<string, { position: FriendOnMap | null; at: number }>>(
    new Map(),
  );
  const told = useRef<Bbox | null>(null);

  useEffect(() => {
    if (!loggedIn) return;
    const stopFrames = socket.events.on('map', (frame) => {
      if (frame.ta !== 'pos' || !('u' in frame)) return;
      setFrames((current) => {
        const next = new Map(current);
        const position = frame.type > 0 ? { u: frame.u, i: frame.i, lat: frame.lat, lng: frame.lng } : null;
        next.set(frame.u, { position, at: Date.now() });
        return next;
      });
    });
    // A new socket (a reconnect) knows no area yet; what changed meanwhile is read again.
    const stopOpen = socket.events.on('open', ({ connection }) => {
      if (told.current) socket.send({ t: 'm', ta: 'view', b: told.current });
      if (connection > 1) void refetch();
    });
    return () => {
      stopFrames();
      stopOpen();
      if (told.current) socket.send({ t: 'm', ta: 'view', b: null });
      told.current = null;
    };
  }, [loggedIn, refetch]);

  const key = view ? viewBox(view).join(',') : null;
  useEffect(() => {
    if (!loggedIn || key === null) return;
    const timer = window.setTimeout(() => {
      const first = told.current === null;
      told.current = key.split(',').map(Number) as Bbox;
      socket.send({ t: 'm', ta: 'view', b: told.current });
      // The first area's positions are the ones the map opened with.
      if (!first) void refetch();
    }, VIEW_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [loggedIn, key, refetch]);

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
