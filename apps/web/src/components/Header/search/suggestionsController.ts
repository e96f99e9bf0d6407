/**
 * What the suggestions show: nothing (idle), the previous answer while the typing pauses (waiting) or the
 * call runs (loading), the answer for `term` (done), or a failed call.
 */
export type SuggestionsStatus = 'idle' | 'waiting' | 'loading' | 'done' | 'failed';

export interface SuggestionsState<T> {
  status: SuggestionsStatus;
  /** The trimmed text the state is about ('' when idle). */
  term: string;
  /** The answer shown: `term`'s once done, the previous term's while waiting or loading. */
  results: T | null;
}

export interface SuggestionsControllerOptions<T> {
  /** Spec §5 and §9: 500 ms. */
  delayMs: number;
  /** The call; null when there is no answer to show. It must give up when `signal` aborts. */
  load: (term: string, signal: AbortSignal) => Promise<T | null>;
  onChange: (state: SuggestionsState<T>) => void;
  /** Answers kept, so that deleting back to an earlier text shows its answer at once. */
  cacheSize?: number;
}

export const IDLE: SuggestionsState<never> = { status: 'idle', term: '', results: null };

/**
 * The search-as-you-type of the header's box, free of React so it can be tested: one call per pause in the
 * typing (debounced), none for blank text, and only the latest text's answer is ever shown. A newer text
 * aborts the call in flight, and an answer that still arrives for an older text is dropped (sequence).
 */
export function createSuggestionsController<T>({
  delayMs,
  load,
  onChange,
  cacheSize = 30,
}: SuggestionsControllerOptions<T>) {
  let state: SuggestionsState<T> = IDLE;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let sequence = 0;
  const cache = new Map<string, T>();

  const set = (next: SuggestionsState<T>) => {
    state = next;
    onChange(state);
  };

  function remember(term: string, results: T) {
    cache.delete(term);
    cache.set(term, results);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value!);
  }

  /** Whatever was scheduled or running is for an older text now. */
  function stop() {
    clearTimeout(timer);
    timer = undefined;
    inFlight?.abort();
    inFlight = undefined;
    sequence++;
  }

  async function run(term: string) {
    const mine = ++sequence;
    const controller = new AbortController();
    inFlight = controller;
    set({ status: 'loading', term, results: state.results });
    let results: T | null = null;
    try {
      results = await load(term, controller.signal);
    } catch {
      results = null;
    }
    if (mine !== sequence || controller.signal.aborted) return;
    inFlight = undefined;
    if (results === null) {
      set({ status: 'failed', term, results: null });
      return;
    }
    remember(term, results);
    set({ status: 'done', term, results });
  }

  return {
    /** The box's text changed. */
    input(text: string) {
      const term = text.trim();
      // The same text again (a space typed) changes nothing, unless its call failed or was stopped.
      const settled = state.status === 'done' || timer !== undefined || inFlight !== undefined;
      if (term === state.term && (term === '' || settled)) return;
      stop();
      if (term === '') {
        set(IDLE);
        return;
      }
      const known = cache.get(term);
      if (known !== undefined) {
        set({ status: 'done', term, results: known });
        return;
      }
      set({ status: 'waiting', term, results: state.results });
      timer = setTimeout(() => {
        timer = undefined;
        void run(term);
      }, delayMs);
    },
    get state() {
      return state;
    },
    /** Stops any pending call (the box is gone, or React runs its effects twice: `input` starts again). */
    dispose() {
      stop();
    },
  };
}

export type SuggestionsController<T> = ReturnType<typeof createSuggestionsController<T>>;
