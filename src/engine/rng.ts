// State-held RNG (architecture.md: setup + seed + action log replays exactly). sfc32 over four
// 32-bit words kept in `state.rng.s`; `state.rng.forced` holds die rolls fixed from outside
// (`--dice 4,2,6`), consumed first.
import type { GameState, RngState } from './types.js';

/** cyrb128: hash a seed string into four 32-bit words. */
function seedWords(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

export function createRng(seed: number | string, forced: number[] = []): RngState {
  const rng: RngState = { s: seedWords(String(seed)), forced: [...forced], rolls: 0 };
  // Discard a few outputs so nearby seeds diverge.
  for (let i = 0; i < 12; i++) nextUint32(rng);
  rng.rolls = 0;
  return rng;
}

/** One sfc32 step; mutates `rng` (callers own a fresh copy of the state). */
export function nextUint32(rng: RngState): number {
  let [a, b, c, d] = rng.s;
  a >>>= 0;
  b >>>= 0;
  c >>>= 0;
  d >>>= 0;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  rng.s = [a >>> 0, b >>> 0, c >>> 0, d >>> 0];
  return t >>> 0;
}

/** A six-sided die roll, 1-6. Forced rolls are used first. Mutates `state.rng`. */
export function rollDie(state: Pick<GameState, 'rng'>): number {
  const rng = state.rng;
  rng.rolls++;
  const forced = rng.forced.shift();
  if (forced !== undefined) return forced;
  // Rejection sampling keeps the six faces exactly equally likely.
  const limit = 4294967296 - (4294967296 % 6);
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return (x % 6) + 1;
  }
}

/** A uniform integer in [0, n) from the state RNG (used by the fuzzer and autopilots). */
export function randomInt(rng: RngState, n: number): number {
  if (n <= 1) return 0;
  const limit = 4294967296 - (4294967296 % n);
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return x % n;
  }
}
