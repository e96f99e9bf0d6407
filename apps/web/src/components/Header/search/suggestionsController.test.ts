import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSuggestionsController, type SuggestionsState } from './suggestionsController';

/** A load whose answers the test hands out, in any order. */
function manualLoad() {
  const calls: Array<{ term: string; signal: AbortSignal; answer: (value: string | null) => void }> = [];
  const load = (term: string, signal: AbortSignal) =>
    new Promise<string | null>((resolve) => calls.push({ term, signal, answer: resolve }));
  return { calls, load };
}

function setup() {
  const { calls, load } = manualLoad();
  const states: SuggestionsState<string>[] = [];
  const controller = createSuggestionsController<string>({
    delayMs: 500,
    load,
    onChange: (state) => states.push(state),
  });
  return { calls, states, controller };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('suggestions controller', () => {
  it('calls once per 500 ms pause in the typing, with the text trimmed', async () => {
    const { calls, controller } = setup();
    for (const text of ['a', 'av', 'avi', 'avil', ' avila ']) {
      controller.input(text);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(calls).toHaveLength(0);
    expect(controller.state).toMatchObject({ status: 'waiting', term: 'avila' });
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.term)).toEqual(['avila']);
    expect(controller.state.status).toBe('loading');
    calls[0]!.answer('Ávila');
    await vi.runAllTimersAsync();
    expect(controller.state).toEqual({ status: 'done', term: 'avila', results: 'Ávila' });
  });

  it('never calls for blank text, and blank text clears what was shown', async () => {
    const { calls, controller } = setup();
    controller.input('   ');
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(0);
    expect(controller.state.status).toBe('idle');

    controller.input('gal');
    await vi.advanceTimersByTimeAsync(500);
    calls[0]!.answer('galicia');
    await vi.runAllTimersAsync();
    controller.input('');
    expect(controller.state).toEqual({ status: 'idle', term: '', results: null });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
  });

  it('shows only the latest text: aborts the older call and drops its late answer', async () => {
    const { calls, states, controller } = setup();
    controller.input('pir');
    await vi.advanceTimersByTimeAsync(500);
    controller.input('pirineos');
    expect(calls[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.map((call) => call.term)).toEqual(['pir', 'pirineos']);

    calls[1]!.answer('for pirineos');
    await vi.runAllTimersAsync();
    // The first call ignored its signal and answers last: nobody sees it.
    calls[0]!.answer('for pir');
    await vi.runAllTimersAsync();
    expect(controller.state).toEqual({ status: 'done', term: 'pirineos', results: 'for pirineos' });
    expect(states.map((state) => state.results)).not.toContain('for pir');
  });

  it('keeps the previous answer on screen while the next one is awaited', async () => {
    const { calls, controller } = setup();
    controller.input('ast');
    await vi.advanceTimersByTimeAsync(500);
    calls[0]!.answer('asturias');
    await vi.runAllTimersAsync();
    controller.input('astu');
    expect(controller.state).toEqual({ status: 'waiting', term: 'astu', results: 'asturias' });
    await vi.advanceTimersByTimeAsync(500);
    expect(controller.state).toEqual({ status: 'loading', term: 'astu', results: 'asturias' });
  });

  it('answers a text it has seen from memory, without a call', async () => {
    const { calls, controller } = setup();
    controller.input('pic');
    await vi.advanceTimersByTimeAsync(500);
    calls[0]!.answer('picos');
    await vi.runAllTimersAsync();
    controller.input('pico');
    await vi.advanceTimersByTimeAsync(500);
    calls[1]!.answer('picosdeeuropa');
    await vi.runAllTimersAsync();

    controller.input('pic');
    expect(controller.state).toEqual({ status: 'done', term: 'pic', results: 'picos' });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(2);
  });

  it('says when a call fails, and tries again when asked for the same text', async () => {
    const { calls, controller } = setup();
    controller.input('cares');
    await vi.advanceTimersByTimeAsync(500);
    calls[0]!.answer(null);
    await vi.runAllTimersAsync();
    expect(controller.state).toEqual({ status: 'failed', term: 'cares', results: null });
    controller.input('cares');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(2);
  });

  it('stops everything when disposed, and starts again when given the same text', async () => {
    const { calls, controller } = setup();
    controller.input('via');
    controller.dispose();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(0);
    // React's strict mode runs effects twice: dispose, then the same input again.
    controller.input('via');
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.map((call) => call.term)).toEqual(['via']);
  });

  it('ignores a text that trims to the one already asked for', async () => {
    const { calls, controller } = setup();
    controller.input('via');
    await vi.advanceTimersByTimeAsync(400);
    controller.input('via ');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(1);
  });
});
