/**
 * The stand-in's notion of "now". Real time plus an offset a test can push forward, so the
 * 3-second acknowledgement window and the 15-minute interaction token lifetime can be
 * exercised without sleeping.
 */
export class StandinClock {
  #offsetMs = 0;

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** Moves the stand-in's clock forward (never backward). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`clock.advance: expected a non-negative ms, got ${ms}`);
    this.#offsetMs += ms;
  }

  iso(ms: number = this.now()): string {
    return new Date(ms).toISOString();
  }
}
