import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { WALL_LOAD_MORE_PX } from '@nomadas/shared';

interface LoadMoreOptions {
  /** There is more to load and nothing is loading. */
  active: boolean;
  /** Posts in the list now. */
  count: number;
  load: () => unknown;
}

/**
 * Loads the next page when the end of the list comes within 100 px of the bottom of the screen, and only if
 * the list has grown since the last request (spec §2), so a page that brings nothing does not loop.
 */
export function useLoadMore(end: RefObject<HTMLElement | null>, { active, count, load }: LoadMoreOptions) {
  const requestedAt = useRef(-1);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const element = end.current;
      if (!element || count <= requestedAt.current) return;
      if (element.getBoundingClientRect().top - window.innerHeight > WALL_LOAD_MORE_PX) return;
      requestedAt.current = count;
      load();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    // A first page shorter than the screen asks for the next one at once.
    check();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [active, count, load, end]);

  /** After a failed page, the same count may ask again. */
  return useCallback(() => {
    requestedAt.current = -1;
  }, []);
}
