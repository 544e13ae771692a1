// Combat Results Table (9.6), reconstructed; see docs/tables.md. Logic reads the data, never literals.
import { z } from 'zod';
import crtJson from '../../../assets/tables/crt.json' with { type: 'json' };
import { provenanceSchema } from './provenance.js';

/** One side's share of a combat result (9.42): a percentage loss (optionally with L, 9.44) or P (9.43). */
export type SideResult = { kind: 'loss'; percent: number; leaderKilled: boolean } | { kind: 'captured' };

export interface CombatResult {
  attacker: SideResult;
  defender: SideResult;
}

const sidePattern = /^(P|(\d+)(L?))$/;

function parseSide(text: string): SideResult | undefined {
  const m = sidePattern.exec(text);
  if (!m) return undefined;
  if (m[1] === 'P') return { kind: 'captured' };
  const percent = Number(m[2]);
  if (percent % 5 !== 0 || percent > 100) return undefined;
  return { kind: 'loss', percent, leaderKilled: m[3] === 'L' };
}

/** Parses a printed cell such as `20/15`, `40L/0` or `5/P`; undefined when malformed. */
export function parseCell(cell: string): CombatResult | undefined {
  const parts = cell.split('/');
  if (parts.length !== 2) return undefined;
  const attacker = parseSide(parts[0]!);
  const defender = parseSide(parts[1]!);
  return attacker && defender ? { attacker, defender } : undefined;
}

const cellSchema = z.string().refine((s) => parseCell(s) !== undefined, 'malformed CRT cell');

export const crtSchema = z
  .object({
    name: z.string(),
    rule: z.string(),
    provenance: provenanceSchema,
    rationale: z.string().min(1),
    columns: z.array(z.number().int().positive()).min(1),
    minRow: z.number().int(),
    maxRow: z.number().int(),
    notation: z.string(),
    rows: z.array(z.object({ roll: z.number().int(), cells: z.array(cellSchema) })),
    /** Why each column reads as it does (reconstructed values need a rationale per value, docs/tables.md). */
    columnNotes: z
      .array(
        z.object({ column: z.number().int(), provenance: provenanceSchema, rationale: z.string().min(1) }),
      )
      .optional(),
    knownCells: z.array(
      z.object({
        column: z.number().int(),
        roll: z.number().int(),
        side: z.enum(['attacker', 'defender']),
        value: z.string(),
        provenance: provenanceSchema,
        rationale: z.string().min(1),
      }),
    ),
  })
  .superRefine((t, ctx) => {
    const sorted = [...t.columns].sort((a, b) => a - b);
    if (sorted.some((c, i) => c !== t.columns[i]))
      ctx.addIssue({ code: 'custom', message: 'columns must ascend' });
    const expected = t.maxRow - t.minRow + 1;
    if (t.rows.length !== expected) ctx.addIssue({ code: 'custom', message: `need ${expected} rows` });
    t.rows.forEach((row, i) => {
      if (row.roll !== t.minRow + i)
        ctx.addIssue({ code: 'custom', message: `row ${i} must be roll ${t.minRow + i}` });
      if (row.cells.length !== t.columns.length)
        ctx.addIssue({ code: 'custom', message: `row ${row.roll} needs ${t.columns.length} cells` });
    });
    for (const n of t.columnNotes ?? [])
      if (!t.columns.includes(n.column))
        ctx.addIssue({ code: 'custom', message: `column note for ${n.column}%, which is not a column` });
    for (const k of t.knownCells) {
      const col = t.columns.indexOf(k.column);
      const row = t.rows.find((r) => r.roll === k.roll);
      const cell = col >= 0 && row ? row.cells[col] : undefined;
      const side = cell?.split('/')[k.side === 'attacker' ? 0 : 1];
      if (side !== k.value)
        ctx.addIssue({ code: 'custom', message: `known cell ${k.column}%/${k.roll} must read ${k.value}` });
    }
  });

export type CrtData = z.infer<typeof crtSchema>;

export interface Crt {
  readonly data: CrtData;
  /** Printed column headings, ascending (percent). */
  readonly columns: readonly number[];
  /** Result for a column heading and a modified roll; rolls beyond the printed rows use the end rows. */
  lookup(column: number, modifiedRoll: number): CombatResult | undefined;
}

export function buildCrt(data: CrtData): Crt {
  const grid = data.rows.map((r) => r.cells.map((c) => parseCell(c)!));
  return {
    data,
    columns: data.columns,
    lookup(column, modifiedRoll) {
      const col = data.columns.indexOf(column);
      if (col < 0) return undefined;
      const roll = Math.min(data.maxRow, Math.max(data.minRow, modifiedRoll));
      return grid[roll - data.minRow]?.[col];
    },
  };
}

/** Validates any CRT data (e.g. a player's printed chart) and builds it, or returns the zod message. */
export function loadCrt(json: unknown): Crt | { error: string } {
  const parsed = crtSchema.safeParse(json);
  if (!parsed.success)
    return { error: `CRT data invalid: ${parsed.error.issues.map((i) => i.message).join('; ')}` };
  return buildCrt(parsed.data);
}

/** The committed (reconstructed) table. */
export const defaultCrt: Crt = buildCrt(crtSchema.parse(crtJson));
