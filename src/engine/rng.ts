// The strategic engine's dice: the state-held RNG of the shared kernel (src/kernel/rng.ts).
// The Frederick the Great rules use only the six-sided die.
export { createRng, nextUint32, randomInt, rollD6 as rollDie } from '../kernel/rng.js';
