// Time is injected: production uses the system clock, tests a manual clock they advance.

export interface Clock {
  now(): number;
  /** Run `fn` once `now()` reaches `at`. Returns a function that cancels the timer. */
  schedule(at: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(at, fn) {
    const t = setTimeout(fn, Math.max(0, at - Date.now()));
    t.unref?.();
    return () => clearTimeout(t);
  },
};

/** A clock that moves only when told to; due timers run in time order during `advance`. */
export class ManualClock implements Clock {
  private timers: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;

  constructor(private current = 0) {}

  now(): number {
    return this.current;
  }

  schedule(at: number, fn: () => void): () => void {
    const timer = { at, seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Move time forward by `ms`, running each timer that falls due. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = target;
  }

  pendingTimers(): number {
    return this.timers.length;
  }
}
