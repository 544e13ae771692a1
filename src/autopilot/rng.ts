// The autopilot's own seeded random numbers (mulberry32). It is separate from the game's RNG
// (state.rng): an autopilot never touches the dice of the game, and the same seed always gives the
// same choices. Pure: no Math.random, no clock.

export interface AutopilotRng {
  /** A uniform float in [0, 1). */
  next(): number;
  /** A uniform integer in [0, n). */
  int(n: number): number;
  /** One element of a non-empty array. */
  pick<T>(xs: readonly T[]): T;
  /** The internal state word, for snapshots and tests. */
  readonly state: number;
}

/** Hash a seed (number or string) into one 32-bit word (FNV-1a). */
export function seedWord(seed: number | string): number {
  const s = String(seed);
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A fresh generator; equal seeds give equal sequences. */
export function createAutopilotRng(seed: number | string): AutopilotRng {
  return resumeAutopilotRng(seedWord(seed));
}

/** A generator that goes on from a state word (`AutopilotRng.state`), as a recorded position keeps it. */
export function resumeAutopilotRng(state: number): AutopilotRng {
  let a = state | 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => (n <= 1 ? 0 : Math.floor(next() * n)),
    pick<T>(xs: readonly T[]): T {
      if (xs.length === 0) throw new Error('autopilot rng: pick from an empty list');
      return xs[Math.floor(next() * xs.length)] as T;
    },
    get state() {
      return a >>> 0;
    },
  };
}
