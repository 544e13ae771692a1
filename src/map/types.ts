// The contract between the strategic map (src/map) and everything that asks it questions
// (engine, render, autopilot). Pure types: the data behind them is assets/map/map.json.

/** A hex id `RRCC`: row counted from the south, column from the west (map-facts.md). */
export type HexId = string;

export type HexTerrain = 'clear' | 'mountain' | 'sea' | 'lake';

/** What lies on the edge between two adjacent hexes (5.4, 5.45, 5.54, Terrain Effects Chart). */
export type HexsideFeature =
  | { kind: 'river'; river: string }
  | { kind: 'mountain' }
  | { kind: 'pass'; name?: string }
  | { kind: 'sea' }
  | { kind: 'lake' };

export type RegionId =
  | 'saxony'
  | 'silesia'
  | 'bohemia'
  | 'moravia'
  | 'austria'
  | 'magdeburg'
  | 'brandenburg'
  | 'prussian-pomerania'
  | 'swedish-pomerania'
  | 'east-prussia'
  | 'hanover'
  | 'westphalia'
  | 'empire'
  | 'france'
  | 'poland'
  | 'dutch'
  | 'austrian-netherlands'
  | 'hungary'
  | 'other';

export interface Fortress {
  hex: HexId;
  name: string;
  /** Victory Points (17.x); reconstructed, see docs/map.md. */
  vp: number;
  region: RegionId;
}

export interface Town {
  hex: HexId;
  name: string;
}

/** The questions the rules ask of the map. Implemented over the committed map file. */
export interface StrategicMap {
  readonly rows: number;
  readonly cols: number;
  onMap(hex: HexId): boolean;
  terrain(hex: HexId): HexTerrain;
  /** Features of the hexside between two adjacent hexes (order-independent); empty when plain. */
  hexside(a: HexId, b: HexId): readonly HexsideFeature[];
  fortress(hex: HexId): Fortress | undefined;
  fortresses(): readonly Fortress[];
  towns(): readonly Town[];
  region(hex: HexId): RegionId;
  westOfRhine(hex: HexId): boolean;
  eastOfElbe(hex: HexId): boolean;
  /** Find a hex by fortress/town name, case- and accent-insensitive; undefined if unknown. */
  hexByName(name: string): HexId | undefined;
}
