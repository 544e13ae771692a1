// zod schema of assets/map/map.json (written by scripts/build-map.ts). Grids are stored as one
// string per row, north (row 38) first, one character per column, so the file stays diffable.
import { z } from 'zod';

export const REGION_IDS = [
  'saxony',
  'silesia',
  'bohemia',
  'moravia',
  'austria',
  'magdeburg',
  'brandenburg',
  'prussian-pomerania',
  'swedish-pomerania',
  'east-prussia',
  'hanover',
  'westphalia',
  'empire',
  'france',
  'poland',
  'dutch',
  'austrian-netherlands',
  'hungary',
  'other',
] as const;

export const TERRAIN_CHARS = { '.': 'clear', '^': 'mountain', '~': 'sea', o: 'lake' } as const;

const provenance = z.enum(['rulebook', 'rulebook example', 'erratum', 'reconstructed']);
const hexId = z.string().regex(/^\d{4}$/);
const hexsideKey = z.string().regex(/^\d{4}\/\d{4}$/);

export const fortressSchema = z.object({
  hex: hexId,
  name: z.string().min(1),
  vp: z.number().int().min(0),
  region: z.enum(REGION_IDS),
  provenance,
  rationale: z.string().min(1),
});

export const mapFileSchema = z.object({
  format: z.literal(1),
  provenance,
  rationale: z.string(),
  rows: z.number().int().min(1).max(99),
  cols: z.number().int().min(1).max(99),
  /** Row strings, north first; characters per TERRAIN_CHARS. */
  terrain: z.array(z.string()),
  /** One character per region id (see regionLegend), north first. */
  regionLegend: z.record(z.string().length(1), z.enum(REGION_IDS)),
  regions: z.array(z.string()),
  /** Bit flags per hex, north first: 1 = west of the Rhine, 2 = east of the Elbe. */
  zones: z.array(z.string()),
  rivers: z.record(z.string(), z.array(hexsideKey)),
  mountainHexsides: z.array(hexsideKey),
  /** Passes (5.54); `ridge` names the ridge of assets/map/src/ridges.json the pass crosses. */
  passes: z.array(z.object({ hexside: hexsideKey, name: z.string(), ridge: z.string().optional() })),
  /** Water hexsides between two land hexes (straits, lagoons); land/water edges are implied. */
  seaHexsides: z.array(hexsideKey),
  lakeHexsides: z.array(hexsideKey),
  fortresses: z.array(fortressSchema),
  towns: z.array(z.object({ hex: hexId, name: z.string().min(1) })),
  /** The build's plane warp (see georef.ts); lets tools map lat/lon to hexes as the map draws them. */
  warp: z
    .object({
      sigma: z.number().positive(),
      points: z.array(z.tuple([z.number(), z.number(), z.number(), z.number()])),
    })
    .optional(),
});

export type MapFile = z.infer<typeof mapFileSchema>;
