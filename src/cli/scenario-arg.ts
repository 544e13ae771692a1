// Shared option parsing for commands that take `--scenario` (a bundled id such as 1757, or a path to
// a scenario JSON file) and `--dice 4,2,6` (die rolls fixed in advance).
import { readFileSync } from 'node:fs';
import { clip } from '../app/result.js';
import type { ScenarioId } from '../engine/index.js';
import { isScenarioId, parseScenario, type Scenario } from '../engine/index.js';

export type ArgResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function resolveScenario(arg: string | undefined): ArgResult<ScenarioId | Scenario> {
  if (!arg) return { ok: false, error: '--scenario is required (1756..1762 or a path to a scenario file)' };
  if (isScenarioId(arg)) return { ok: true, value: arg };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(arg, 'utf8'));
  } catch (e) {
    return {
      ok: false,
      error: `cannot read scenario "${clip(arg, 80)}": ${clip((e as Error).message, 200)}`,
    };
  }
  const r = parseScenario(raw);
  return r.ok
    ? { ok: true, value: r.value }
    : { ok: false, error: `${clip(arg, 80)}: ${clip(r.error, 300)}` };
}

export function parseDice(arg: string | undefined): ArgResult<number[]> {
  if (!arg) return { ok: true, value: [] };
  const parts = arg.split(',').map((p) => p.trim());
  const dice: number[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!/^[1-6]$/.test(p) || !Number.isInteger(n))
      return { ok: false, error: `--dice takes die rolls 1-6 separated by commas; "${clip(p)}" is not one` };
    dice.push(n);
  }
  return { ok: true, value: dice };
}

export function parseSeed(arg: string | undefined): number | string {
  if (arg === undefined) return 1;
  return /^-?\d+$/.test(arg) ? Number(arg) : arg;
}
