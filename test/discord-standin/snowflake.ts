import type { StandinClock } from './clock.js';

const DISCORD_EPOCH = 1_420_070_400_000n;

/**
 * Generates real-shaped, strictly increasing Discord snowflakes (timestamp << 22 | worker | sequence)
 * from the stand-in's clock, so discord.js derives sensible `createdAt` values and the REST bucket
 * parser (which wants 17-19 digits) recognises them.
 */
export class SnowflakeFactory {
  #lastMs = 0n;
  #sequence = 0n;

  constructor(private readonly clock: StandinClock) {}

  next(): string {
    let ms = BigInt(this.clock.now());
    if (ms < this.#lastMs) ms = this.#lastMs;
    if (ms === this.#lastMs) {
      this.#sequence += 1n;
      if (this.#sequence > 4095n) {
        ms += 1n;
        this.#sequence = 0n;
      }
    } else {
      this.#sequence = 0n;
    }
    this.#lastMs = ms;
    return (((ms - DISCORD_EPOCH) << 22n) | (1n << 17n) | this.#sequence).toString();
  }
}

export function snowflakeTimestamp(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}
