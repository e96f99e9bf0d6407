import type { Clock } from '../session/sessionStore';

/** A clock whose time moves only when a test says so, firing due timers in order. */
export class FakeClock implements Clock {
  private time: number;
  private nextId = 1;
  private timers = new Map<number, { at: number; callback: () => void }>();

  constructor(startMs = 1_760_000_000_000) {
    this.time = startMs;
  }

  now() {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number) {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }

  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()]
        .filter(([, timer]) => timer.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }

  /** Timers set and not yet fired or cleared. */
  get pending() {
    return this.timers.size;
  }
}
