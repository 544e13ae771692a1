// The state-held RNG shared by every engine (the strategic campaign and the Leuthen tactical
// battles). sfc32 over four 32-bit words kept in the game state itself, so that (setup, seed,
// action log) replays exactly (architecture.md). Generic over any state that holds `{ rng }`.
//
// - `createRng(seed, forced)`: the initial RngState for a game (`forced` = `--dice 4,2,6`).
// - `rollD6(holder)`: 1-6; `rollD10(holder)`: 0-9 (Leuthen 0.1 reads the d10 as 0-9).
//   Both consume forced rolls first (in order, whatever the die), then draw from sfc32.
// - `randomInt(rng, n)`: a uniform integer in [0, n) (fuzzers and autopilots; never forced).
// Every function mutates the RngState it is given: callers apply actions to a private copy of
// the state, so the stored state never changes under them.

export interface RngState {
  /** sfc32 state words. */
  s: [number, number, number, number];
  /** Forced next die rolls, consumed first (`--dice 4,2,6`). */
  forced: number[];
  /** Number of dice rolled so far (for the record). */
  rolls: number;
}

/** Anything that carries the RNG: a game state of either engine. */
export interface RngHolder {
  rng: RngState;
}

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

/** The initial RNG of a game from its seed; `forced` rolls are used before any drawn one. */
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

/** A uniform integer in [0, n) (rejection sampling keeps every value exactly equally likely). */
export function randomInt(rng: RngState, n: number): number {
  if (n <= 1) return 0;
  const limit = 4294967296 - (4294967296 % n);
  for (;;) {
    const x = nextUint32(rng);
    if (x < limit) return x % n;
  }
}

/** One die roll of `faces` faces read from `lowest` up; a forced roll is taken first, as given. */
function roll(holder: RngHolder, faces: number, lowest: number): number {
  const rng = holder.rng;
  rng.rolls++;
  const forced = rng.forced.shift();
  if (forced !== undefined) return forced;
  return randomInt(rng, faces) + lowest;
}

/** A six-sided die, 1-6 (forced rolls first). Mutates `holder.rng`. */
export function rollD6(holder: RngHolder): number {
  return roll(holder, 6, 1);
}

/** A ten-sided die read 0-9 (Leuthen 0.1; forced rolls first). Mutates `holder.rng`. */
export function rollD10(holder: RngHolder): number {
  return roll(holder, 10, 0);
}

function isRngState(x: Record<string, unknown>): boolean {
  return Array.isArray(x.s) && x.s.length === 4 && Array.isArray(x.forced) && typeof x.rolls === 'number';
}

/**
 * Dice rolled so far by every RNG a game state holds: its own and those of states nested in it (a
 * campaign state holds the tactical battle it is fighting, with that battle's RNG). A dry run
 * compares it before and after some orders to know whether a die rolled on the way.
 */
export function rollsIn(x: unknown): number {
  if (typeof x !== 'object' || x === null) return 0;
  if (Array.isArray(x)) return x.reduce((n: number, v) => n + rollsIn(v), 0);
  const o = x as Record<string, unknown>;
  if (isRngState(o)) return o.rolls as number;
  let n = 0;
  for (const v of Object.values(o)) n += rollsIn(v);
  return n;
}
