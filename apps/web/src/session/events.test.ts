import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './events';

describe('createEmitter', () => {
  it('calls listeners with the payload until they are removed', () => {
    const emitter = createEmitter<{ ping: number }>();
    const listener = vi.fn();
    const off = emitter.on('ping', listener);
    emitter.emit('ping', 1);
    off();
    emitter.emit('ping', 2);
    expect(listener.mock.calls).toEqual([[1]]);
  });

  it('keeps calling the other listeners when one throws', () => {
    const emitter = createEmitter<{ ping: number }>();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const after = vi.fn();
    emitter.on('ping', () => {
      throw new Error('boom');
    });
    emitter.on('ping', after);
    emitter.emit('ping', 1);
    expect(after).toHaveBeenCalledWith(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
