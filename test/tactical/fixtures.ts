// Small fixture data for the tactical engine tests: a ratings file and a scenario builder. Values
// are arbitrary test values (provenance "reconstructed"), not the Leuthen data (tac-oob's files).
import type { RatingsFile, ScenarioInput } from '../../src/tactical/schema.js';

const P = { provenance: 'reconstructed' as const, rationale: 'test fixture', sources: [] };

export const fixtureRatings: RatingsFile = {
  name: 'fixture ratings',
  provenance: 'reconstructed',
  rationale: 'test fixture',
  ratings: [
    { key: 'prussia/infantry', side: 'prussia', arm: 'infantry', ma: 4, morale: 4, cp: 3, ...P },
    { key: 'prussia/light-infantry', side: 'prussia', arm: 'light-infantry', ma: 5, morale: 3, cp: 1, ...P },
    { key: 'prussia/cavalry', side: 'prussia', arm: 'cavalry', ma: 6, morale: 4, cp: 2, ...P },
    { key: 'prussia/artillery', side: 'prussia', arm: 'artillery', ma: 2, morale: 4, firePoints: 3, ...P },
    { key: 'austria/infantry', side: 'austria', arm: 'infantry', ma: 4, morale: 3, cp: 3, ...P },
    { key: 'austria/light-infantry', side: 'austria', arm: 'light-infantry', ma: 5, morale: 3, cp: 1, ...P },
    { key: 'austria/cavalry', side: 'austria', arm: 'cavalry', ma: 6, morale: 3, cp: 2, ...P },
    { key: 'austria/artillery', side: 'austria', arm: 'artillery', ma: 2, morale: 3, firePoints: 2, ...P },
  ],
  leaders: { formationLeaderMa: 6, cincMoveHexes: 4, aide: { activation: 2, commandRange: 2 }, ...P },
};

export interface FixtureUnit {
  id: string;
  side: 'prussia' | 'austria';
  formation: string;
  arm: 'infantry' | 'light-infantry' | 'cavalry' | 'light-cavalry' | 'artillery';
  hex: string | null;
  facing: number;
  cp?: number;
  morale?: number;
  ma?: number;
  flags?: ('grenadier' | 'dragoon' | 'guard' | 'auxiliary' | 'croat')[];
  entry?: { hex: string; order: number };
  firePoints?: number;
}

/** A two-formation-a-side scenario; `units` and overrides replace the defaults. */
export function fixtureScenario(units: FixtureUnit[], over: Partial<ScenarioInput> = {}): ScenarioInput {
  return {
    id: 'fixture',
    name: 'Fixture battle',
    map: 'fixture',
    lastTurn: 3,
    lastTurnOperations: 'both',
    initiative: { bonus: { prussia: 2, austria: 0 }, ties: 'prussia' },
    edges: { prussia: 'west', austria: 'east' },
    formations: [
      { id: 'p-a', side: 'prussia', name: 'Prussian A', kind: 'infantry', leader: 'pl-a' },
      { id: 'p-b', side: 'prussia', name: 'Prussian B', kind: 'cavalry', leader: 'pl-b' },
      { id: 'p-ind', side: 'prussia', name: 'Prussian independents', kind: 'independent', leader: 'p-res' },
      { id: 'a-a', side: 'austria', name: 'Austrian A', kind: 'infantry', leader: 'al-a' },
      { id: 'a-b', side: 'austria', name: 'Austrian B', kind: 'cavalry', leader: 'al-b' },
      { id: 'a-ind', side: 'austria', name: 'Austrian independents', kind: 'independent', leader: 'daun' },
    ],
    leaders: [
      {
        id: 'fritz',
        side: 'prussia',
        name: 'Frederick',
        role: 'cinc',
        commandRange: 10,
        onFall: 'defeat',
        hex: '0110',
        ...P,
      },
      {
        id: 'pl-a',
        side: 'prussia',
        name: 'P leader A',
        role: 'formation',
        activation: 4,
        commandRange: 8,
        hex: '0110',
        ...P,
      },
      {
        id: 'pl-b',
        side: 'prussia',
        name: 'P leader B',
        role: 'formation',
        activation: 4,
        commandRange: 8,
        hex: '0210',
        ...P,
      },
      {
        id: 'p-res',
        side: 'prussia',
        name: 'P reserve',
        role: 'reserve',
        activation: 3,
        commandRange: 8,
        hex: '0310',
        ...P,
      },
      {
        id: 'charles',
        side: 'austria',
        name: 'Charles',
        role: 'cinc',
        commandRange: 6,
        successor: 'daun',
        hex: '0101',
        ...P,
      },
      {
        id: 'al-a',
        side: 'austria',
        name: 'A leader A',
        role: 'formation',
        activation: 3,
        commandRange: 8,
        hex: '0101',
        ...P,
      },
      {
        id: 'al-b',
        side: 'austria',
        name: 'A leader B',
        role: 'formation',
        activation: 3,
        commandRange: 8,
        hex: '0201',
        ...P,
      },
      {
        id: 'daun',
        side: 'austria',
        name: 'Daun',
        role: 'reserve',
        activation: 4,
        commandRange: 8,
        hex: '0301',
        ...P,
      },
    ],
    units: units.map((u) => ({
      id: u.id,
      side: u.side,
      formation: u.formation,
      name: u.id,
      arm: u.arm,
      flags: u.flags ?? [],
      rating: `${u.side}/${u.arm === 'light-cavalry' ? 'cavalry' : u.arm}`,
      ...(u.cp !== undefined ? { cp: u.cp } : {}),
      ...(u.morale !== undefined ? { morale: u.morale } : {}),
      ...(u.ma !== undefined ? { ma: u.ma } : {}),
      ...(u.firePoints !== undefined ? { firePoints: u.firePoints } : {}),
      hex: u.hex,
      facing: u.facing,
      ...(u.entry ? { entry: u.entry } : {}),
      ...(u.arm === 'light-cavalry' ? { ma: 7, cp: 1, rating: undefined, morale: 3 } : {}),
    })),
    victory: {
      withdrawal: { prussia: 0.5, austria: 0.5 },
      withdrawalLevel: 'decisive',
      vp: { eliminatedCp: 1, routedCp: 0.5, leader: 2, cinc: 5, battery: 1, objectives: [] },
      levels: [
        { min: 6, level: 'decisive' },
        { min: 3, level: 'substantive' },
        { min: 1, level: 'marginal' },
      ],
      ...P,
    },
    provenance: 'reconstructed',
    rationale: 'test fixture',
    ...over,
  };
}
