// Shared fixtures for the Engine II phase tests: a small synthetic map and a hand-built game state.
import { createRng } from '../../src/engine/rng.js';
import type { GameState, HexId, LeaderState, Nationality, Side } from '../../src/engine/types.js';
import { DEFAULT_SIDE } from '../../src/engine/types.js';
import type { Fortress, HexTerrain, RegionId, StrategicMap } from '../../src/map/types.js';

export function testMap(
  opts: { fortresses?: Fortress[]; mountains?: HexId[]; lakes?: HexId[]; size?: number } = {},
): StrategicMap {
  const size = opts.size ?? 12;
  const forts = opts.fortresses ?? [];
  const onMap = (h: HexId) => {
    const r = Number(h.slice(0, 2));
    const c = Number(h.slice(2));
    return /^\d{4}$/.test(h) && r >= 1 && r <= size && c >= 1 && c <= size;
  };
  return {
    rows: size,
    cols: size,
    onMap,
    terrain: (h): HexTerrain =>
      opts.lakes?.includes(h) ? 'lake' : opts.mountains?.includes(h) ? 'mountain' : 'clear',
    hexside: () => [],
    fortress: (h) => forts.find((f) => f.hex === h),
    fortresses: () => forts,
    towns: () => [],
    region: (h): RegionId => forts.find((f) => f.hex === h)?.region ?? 'saxony',
    westOfRhine: () => false,
    eastOfElbe: () => false,
    hexByName: (n) => forts.find((f) => f.name.toLowerCase() === n.toLowerCase())?.hex,
  };
}

/** The default sides (the engine's one table). */
export const SIDE_OF: Record<Nationality, Side> = { ...DEFAULT_SIDE };

export function leader(
  id: string,
  nationality: Nationality,
  rank: number,
  hex: HexId | null,
  values: { initiative?: number; attack?: number; defence?: number; inside?: boolean } = {},
): LeaderState {
  return {
    id,
    name: id,
    nationality,
    rank,
    initiative: values.initiative ?? 1,
    attack: values.attack ?? 0,
    defence: values.defence ?? 0,
    status: hex ? 'map' : 'captured',
    hex,
    inside: values.inside ?? false,
  };
}

/** A game state in the given phase with the given forces; everything else empty. */
export function baseState(over: Partial<GameState> & { dice?: number[] } = {}): GameState {
  const { dice, ...rest } = over;
  const s = {
    schema: 1,
    version: 0,
    scenario: '1758',
    turn: 4,
    firstTurn: 1,
    lastTurn: 18,
    phasing: 'prussian-allied',
    phase: 'combat',
    pending: [],
    seatSide: { ...SIDE_OF },
    forces: {},
    leaders: {},
    depots: {},
    demoralized: { 'prussian-allied': [], coalition: [] },
    movement: { roll: null, moved: [], bypassed: [], movedSp: {}, active: [], mustAttack: [] },
    combat: { fought: [], besiegersFought: [], committed: [], hook: {} },
    ledger: {
      eliminated: {},
      removed: {},
      prisoners: { 'prussian-allied': {}, coalition: {} },
      prisonerLeaders: { 'prussian-allied': [], coalition: [] },
      entered: {},
    },
    reinforcements: [],
    rules: { prisonerExchange: [] },
    besieged: [],
    captured: {},
    fortressControl: {},
    rng: createRng('engine-ii', dice ?? []),
    over: null,
    ...rest,
  };
  return s as unknown as GameState;
}
