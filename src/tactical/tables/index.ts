// The reconstructed Leuthen tables (assets/tactical/tables/*.json), validated with zod at load.
// Logic never holds a reconstructed number: it reads these. A player who owns the printed charts
// can replace the files (same shape).
import { z } from 'zod';
import crtJson from '../../../assets/tactical/tables/crt.json' with { type: 'json' };
import fireJson from '../../../assets/tactical/tables/fire.json' with { type: 'json' };
import terrainJson from '../../../assets/tactical/tables/terrain.json' with { type: 'json' };
import { provenancedShape, tacticalProvenanceSchema } from './provenance.js';

export const TERRAINS = ['clear', 'village', 'woods', 'marsh', 'churchyard'] as const;
export type Terrain = (typeof TERRAINS)[number];
export const HEXSIDE_FEATURES = ['stream', 'bridge', 'ford', 'abatis', 'road'] as const;
export type HexsideFeature = (typeof HEXSIDE_FEATURES)[number];
/** Movement classes of the Terrain Table: light troops use their parent arm; leaders move as cavalry (9). */
export type MoveClass = 'infantry' | 'cavalry' | 'artillery';

const mpSchema = z.object({
  infantry: z.number().int().min(0).nullable(),
  cavalry: z.number().int().min(0).nullable(),
  artillery: z.number().int().min(0).nullable(),
});

const terrainRowSchema = z.object({
  mp: mpSchema,
  protection: z.number().int().min(0),
  shockShift: z.number().int().max(0),
  zoc: z.boolean(),
  losObstacle: z.boolean(),
  entryCheck: z.boolean(),
  builtUp: z.boolean(),
  breachedAs: z.enum(TERRAINS).optional(),
  ...provenancedShape,
});

const hexsideRowSchema = z.object({
  mp: mpSchema,
  protection: z.number().int().min(0),
  shockShift: z.number().int().max(0),
  roadCost: z.number().int().min(1).optional(),
  ...provenancedShape,
});

export const terrainTableSchema = z.object({
  name: z.string(),
  rule: z.string(),
  provenance: tacticalProvenanceSchema,
  rationale: z.string().min(1),
  terrain: z.object({
    clear: terrainRowSchema,
    village: terrainRowSchema,
    churchyard: terrainRowSchema,
    woods: terrainRowSchema,
    marsh: terrainRowSchema,
  }),
  hexsides: z.object({
    stream: hexsideRowSchema,
    ford: hexsideRowSchema,
    bridge: hexsideRowSchema,
    abatis: hexsideRowSchema,
    road: hexsideRowSchema,
  }),
  uphill: z.object({
    mp: z.number().int().min(0),
    protection: z.number().int().min(0),
    shockShift: z.number().int().max(0),
    ...provenancedShape,
  }),
});
export type TerrainTable = z.infer<typeof terrainTableSchema>;

/** A side's shock result: CP lost (11.5 "1"/"2"), D, R/R2, *, E. Only the 11.5 codes exist. */
export interface ShockResult {
  loss: 0 | 1 | 2;
  d: boolean;
  retreat: 0 | 1 | 2;
  star: boolean;
  e: boolean;
}

/** Parses a cell like "1DR*", "2DR2*", "D", "E", "-" (11.5 codes only); undefined when invalid. */
export function parseResult(code: string): ShockResult | undefined {
  if (code === '-') return { loss: 0, d: false, retreat: 0, star: false, e: false };
  if (code === 'E') return { loss: 0, d: false, retreat: 0, star: false, e: true };
  const m = /^([12])?(D)?(R2|R)?(\*)?$/.exec(code);
  if (!m || code === '') return undefined;
  return {
    loss: (m[1] ? Number(m[1]) : 0) as 0 | 1 | 2,
    d: m[2] === 'D',
    retreat: m[3] === 'R2' ? 2 : m[3] === 'R' ? 1 : 0,
    star: m[4] === '*',
    e: false,
  };
}

const resultCode = z.string().refine((c) => parseResult(c) !== undefined, {
  message: 'not a result of 11.5 (1, 2, D, R, R2, *, E or -)',
});

export const crtSchema = z
  .object({
    name: z.string(),
    rule: z.string(),
    provenance: tacticalProvenanceSchema,
    rationale: z.string().min(1),
    dice: z.literal('d6'),
    columns: z.array(z.object({ label: z.string(), ratio: z.number().min(0), ...provenancedShape })).min(2),
    morale: z.object({
      perPoint: z.number().int().min(0),
      max: z.number().int().min(0),
      ...provenancedShape,
    }),
    index: z.object({ min: z.number().int(), max: z.number().int() }),
    cells: z.array(
      z.object({ s: z.number().int(), attacker: resultCode, defender: resultCode, ...provenancedShape }),
    ),
  })
  .refine(
    (t) =>
      t.cells.length === t.index.max - t.index.min + 1 && t.cells.every((c, i) => c.s === t.index.min + i),
    {
      message: 'cells must list every index from index.min to index.max in order',
    },
  )
  .refine((t) => t.columns.every((c, i) => i === 0 || c.ratio > t.columns[i - 1]!.ratio), {
    message: 'column ratios must increase',
  });
export type CrtTable = z.infer<typeof crtSchema>;

export const fireTableSchema = z.object({
  name: z.string(),
  rule: z.string(),
  provenance: tacticalProvenanceSchema,
  rationale: z.string().min(1),
  artillery: z.object({
    maxRange: z.number().int().min(1),
    range: z.array(
      z.object({ distance: z.number().int().min(1), modifier: z.number().int(), ...provenancedShape }),
    ),
    ...provenancedShape,
  }),
  breach: z.object({ maxRange: z.number().int().min(1), die: z.literal('d6'), ...provenancedShape }),
  cavalryFireBonus: z.object({ value: z.number().int(), ...provenancedShape }),
});
export type FireTable = z.infer<typeof fireTableSchema>;

export interface Tables {
  terrain: TerrainTable;
  crt: CrtTable;
  fire: FireTable;
}

export const defaultTables: Tables = {
  terrain: terrainTableSchema.parse(terrainJson),
  crt: crtSchema.parse(crtJson),
  fire: fireTableSchema.parse(fireJson),
};

/** 11.3: the odds column, rounded in the defender's favour (the highest column not above the ratio). */
export function oddsColumn(attack: number, defence: number, crt: CrtTable = defaultTables.crt): number {
  if (defence <= 0) return crt.columns.length - 1;
  const ratio = attack / defence;
  let col = 0;
  crt.columns.forEach((c, i) => {
    if (ratio + 1e-9 >= c.ratio) col = i;
  });
  return col;
}

/** 11.3-11.5: the results of both sides for a final column (after shifts), die and morale difference. */
export function crtLookup(
  column: number,
  die: number,
  moraleDiff: number,
  crt: CrtTable = defaultTables.crt,
): { s: number; attacker: ShockResult; defender: ShockResult; cell: { attacker: string; defender: string } } {
  const m = Math.max(-crt.morale.max, Math.min(crt.morale.max, moraleDiff * crt.morale.perPoint));
  const s = Math.max(crt.index.min, Math.min(crt.index.max, column + die + m));
  const cell = crt.cells[s - crt.index.min]!;
  return {
    s,
    attacker: parseResult(cell.attacker)!,
    defender: parseResult(cell.defender)!,
    cell: { attacker: cell.attacker, defender: cell.defender },
  };
}

/** Severity order used by the invariant tests: E dominates; otherwise component-wise. */
export function atLeastAsBad(a: ShockResult, b: ShockResult): boolean {
  if (a.e) return true;
  if (b.e) return false;
  return a.loss >= b.loss && (a.d || !b.d) && a.retreat >= b.retreat && (a.star || !b.star);
}
