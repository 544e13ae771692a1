// The game calendar as data (assets/calendar.json): 18 half-month Game-Turns a year, Turn 1 the
// second half of April, Turn 18 early January of the next year (map-facts.md, The game calendar).
import { z } from 'zod';
import calendarJson from '../../assets/calendar.json' with { type: 'json' };

const calendarSchema = z.object({
  provenance: z.enum(['rulebook', 'rulebook example', 'erratum', 'reconstructed']),
  rationale: z.string().min(1),
  turnsPerYear: z.number().int().positive(),
  turns: z.array(
    z.object({
      turn: z.number().int().positive(),
      half: z.enum(['early', 'late']),
      month: z.string().min(1),
      yearOffset: z.number().int().min(0),
      winter: z.boolean().optional(),
    }),
  ),
});

export type Calendar = z.infer<typeof calendarSchema>;

export const CALENDAR: Calendar = calendarSchema.parse(calendarJson);

export type CalendarResult =
  | { ok: true; label: string; month: string; half: 'early' | 'late'; year: number | null; winter: boolean }
  | { ok: false; error: string };

/**
 * The date of a Game-Turn: "late August 1757" for Turn 9 of a campaign year 1757.
 * `year` is the campaign year of Turn 1 (the scenario's year); without one the label has no year.
 */
export function turnDate(turn: number, year: number | null, calendar: Calendar = CALENDAR): CalendarResult {
  const entry = calendar.turns.find((t) => t.turn === turn);
  if (!Number.isInteger(turn) || !entry)
    return { ok: false, error: `turn ${turn} is not a Game-Turn (1..${calendar.turnsPerYear})` };
  const y = year === null ? null : year + entry.yearOffset;
  const label = `${entry.half} ${entry.month}${y === null ? '' : ` ${y}`}`;
  return { ok: true, label, month: entry.month, half: entry.half, year: y, winter: entry.winter ?? false };
}

/** The campaign year a scenario id names ("1757" -> 1757; a custom scenario file -> null). */
export function scenarioYear(scenario: string): number | null {
  const m = /^(17\d\d)\b/.exec(scenario);
  return m ? Number(m[1]) : null;
}
