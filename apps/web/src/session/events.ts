type Listener<P> = (payload: P) => void;

export interface Emitter<M extends Record<string, unknown>> {
  /** Adds a listener; returns the function that removes it. */
  on<K extends keyof M>(event: K, listener: Listener<M[K]>): () => void;
  emit<K extends keyof M>(event: K, payload: M[K]): void;
}

/** A tiny typed event emitter. A failing listener does not stop the others. */
export function createEmitter<M extends Record<string, unknown>>(): Emitter<M> {
  const listeners = new Map<keyof M, Set<Listener<never>>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => set.delete(listener as Listener<never>);
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as Listener<M[typeof event]>)(payload);
        } catch (error) {
          console.error(error);
        }
      }
    },
  };
}
