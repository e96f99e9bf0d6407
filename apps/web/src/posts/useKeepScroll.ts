import { useCallback, useEffect, useRef } from 'react';

/** Brings the focused element into view when it is off screen (a tile given focus back by a closed modal). */
export function revealFocused() {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return;
  const box = focused.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) focused.scrollIntoView({ block: 'nearest' });
}

/**
 * The shell scrolls to the top on every new path; opening, moving through and closing the post modal change
 * the path (/muro/{post}), so the wall behind it is put back where it was. Call the returned function just
 * before such a navigation.
 */
export function useKeepScroll(pathname: string) {
  const saved = useRef<number | null>(null);
  useEffect(() => {
    const top = saved.current;
    if (top === null) return;
    saved.current = null;
    const frame = requestAnimationFrame(() => {
      window.scrollTo({ top, behavior: 'instant' });
      revealFocused();
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return useCallback(() => {
    saved.current = window.scrollY;
  }, []);
}
