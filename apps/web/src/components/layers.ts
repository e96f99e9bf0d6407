import { useEffect, useRef, type RefObject } from 'react';

// Open layers (modals, the mobile menu), newest last: only the top one reacts to Escape and traps Tab.
const stack: object[] = [];
let scrollLocks = 0;

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0,
  );
}

function lockScroll() {
  if (scrollLocks++ > 0) return;
  const gap = window.innerWidth - document.documentElement.clientWidth;
  document.body.style.overflow = 'hidden';
  if (gap > 0) document.body.style.paddingRight = `${gap}px`;
}

function unlockScroll() {
  if (--scrollLocks > 0) return;
  document.body.style.overflow = '';
  document.body.style.paddingRight = '';
}

const isVisible = (el: Element | null | undefined): el is HTMLElement =>
  el instanceof HTMLElement && el.isConnected && el.getClientRects().length > 0;

/**
 * Makes `ref` a modal layer while mounted: focus moves in (to `[data-autofocus]` or the container), Tab is
 * trapped, Escape calls `onEscape`, the page behind does not scroll, and focus returns to the opener on close,
 * or to what `returnFocus` names then (the tile of the post a viewer ended on, a field when the opener is gone).
 */
export function useModalLayer(
  ref: RefObject<HTMLElement | null>,
  onEscape: () => void,
  returnFocus?: () => HTMLElement | null | undefined,
) {
  const onEscapeRef = useRef(onEscape);
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    onEscapeRef.current = onEscape;
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const layer = {};
    const opener = document.activeElement;
    stack.push(layer);
    lockScroll();
    const initial = container.querySelector<HTMLElement>('[data-autofocus]') ?? container;
    initial.focus({ preventScroll: true });

    const isTop = () => stack[stack.length - 1] === layer;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscapeRef.current();
      } else if (event.key === 'Tab') {
        const items = focusables(container);
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) {
          event.preventDefault();
          container.focus();
        } else if (
          event.shiftKey &&
          (document.activeElement === first || document.activeElement === container)
        ) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    // Focus that escapes some other way (a screen reader, a click behind) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !container.contains(event.target)) {
        (focusables(container)[0] ?? container).focus({ preventScroll: true });
      }
    };
    // The focused element removed with what it belonged to (a viewer's next post) leaves focus on the page's
    // body, where no focusin tells: the dialog takes it back before the next key is handled.
    const onRemoved = new MutationObserver(() => {
      if (isTop() && document.activeElement === document.body) container.focus({ preventScroll: true });
    });
    onRemoved.observe(container, { childList: true, subtree: true });
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      onRemoved.disconnect();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(layer), 1);
      unlockScroll();
      const chosen = returnFocusRef.current?.();
      if (isVisible(chosen)) chosen.focus({ preventScroll: true });
      else if (isVisible(opener)) opener.focus({ preventScroll: true });
      else document.getElementById('contenido')?.focus({ preventScroll: true });
    };
  }, [ref]);
}
