// A campaign battle's Leuthen scenario (issue #16, design 5.4): the converted forces (forces.ts)
// placed on the battlefield (field.ts) by the autopilot deployment template: each side in its
// third of the field at its friendly edge, infantry and batteries in the centre of the front rows,
// cavalry on the wings (the ends of the front row), formation leaders with their first counter,
// the C-in-C behind the centre.
// The scenario asks for the secret simultaneous deployment (design 5.4): these positions are the
// template each side may keep ({type:'deploy', template:'auto'}) or adjust inside its zone.
import type { TacticalMap } from '../map.js';
import type { ScenarioInput } from '../schema.js';
import { deployable, type Edge, type GeneratedField } from './field.js';
import type { TacticalSetup } from './forces.js';

/** Objectives of a historical map: the 2-4 named villages and heights nearest its centre line. */
export function mapObjectives(map: TacticalMap): GeneratedField['objectives'] {
  const mid = (map.data.rows.from + map.data.rows.to) / 2;
  return [...map.labels()]
    .filter((l) => (l.kind === 'village' || l.kind === 'height') && map.has(l.hex))
    .sort(
      (a, b) =>
        Math.abs(Number(a.hex.slice(2)) - mid) - Math.abs(Number(b.hex.slice(2)) - mid) ||
        (a.hex < b.hex ? -1 : 1),
    )
    .slice(0, 4)
    .map((l) => ({ hex: l.hex, name: l.name, vp: l.kind === 'village' ? 2 : 1 }));
}

/** Each side's deployment rows: its third of the field at its friendly edge. */
export function zonesOf(map: TacticalMap): Record<Edge, number[]> {
  const { from, to } = map.data.rows;
  const third = Math.max(3, Math.floor((to - from + 1) / 3));
  return {
    west: Array.from({ length: third }, (_, i) => to - i),
    east: Array.from({ length: third }, (_, i) => from + i),
  };
}

export interface CampaignScenarioInput {
  setup: TacticalSetup;
  map: TacticalMap;
  objectives: GeneratedField['objectives'];
  /** Scenario id (also the id the engine's state carries). */
  id: string;
  name: string;
  /** Secret simultaneous deployment before turn 1 (default true); false: the template stands. */
  deployment?: boolean;
}

/** Builds the scenario file (raw JSON shape, parsed by parseScenario like any scenario). */
export function campaignScenario(input: CampaignScenarioInput): ScenarioInput {
  const { setup, map } = input;
  const zones = zonesOf(map);
  const { from: c0, to: c1 } = map.data.columns;
  const centre = (c0 + c1) / 2;
  const placed = new Map<string, { hex: string; facing: number }>();
  const leaderHex = new Map<string, string>();
  for (const side of ['prussia', 'austria'] as const) {
    const edge = map.data.edges[side];
    const rows = zones[edge];
    // Front row first (the zone row nearest the enemy), then toward the edge.
    const front = [...rows].sort((a, b) => (edge === 'west' ? a - b : b - a));
    const hexes = map.hexes().filter((h) => rows.includes(Number(h.slice(2))) && deployable(map, h));
    const depth = (h: string) => front.indexOf(Number(h.slice(2)));
    const off = (h: string) => Math.abs(Number(h.slice(0, 2)) - centre);
    const centreFirst = [...hexes].sort((a, b) => depth(a) - depth(b) || off(a) - off(b) || (a < b ? -1 : 1));
    const facing = edge === 'west' ? 0 : 3;
    const used = new Set<string>();
    const take = (order: string[]) => {
      const h = order.find((x) => !used.has(x));
      if (!h) throw new Error(`no room to deploy ${side} on ${map.id}`);
      used.add(h);
      return h;
    };
    const units = setup.units.filter((u) => u.side === side);
    const foot = units.filter((u) => !u.arm.includes('cavalry'));
    const horse = units.filter((u) => u.arm.includes('cavalry'));
    // Cavalry on the wings: the ends of the front row (then of the rows behind), alternating north
    // and south. Not the outermost column first: that stood the horse in a file along the field's
    // edge, out of reach of the fight (calibration, issue #16; docs/tactical-calibration.md).
    const wings = [...hexes].sort((a, b) => depth(a) - depth(b) || off(b) - off(a) || (a < b ? -1 : 1));
    const wingN = wings.filter((h) => Number(h.slice(0, 2)) < centre);
    const wingS = wings.filter((h) => Number(h.slice(0, 2)) >= centre);
    horse.forEach((u, i) => {
      placed.set(u.id, { hex: take(i % 2 === 0 ? wingN : wingS), facing });
    });
    for (const u of foot) placed.set(u.id, { hex: take(centreFirst), facing });
    for (const f of setup.formations.filter((x) => x.side === side && x.leader)) {
      const first = units.find((u) => u.formation === f.id);
      if (first) leaderHex.set(f.leader!, placed.get(first.id)!.hex);
    }
    const cinc = setup.leaders.find((l) => l.side === side && l.role === 'cinc');
    const back = [...centreFirst].reverse().sort((a, b) => depth(b) - depth(a) || off(a) - off(b));
    if (cinc) leaderHex.set(cinc.id, back.find((h) => !used.has(h)) ?? back[0]!);
  }
  return {
    id: input.id,
    name: input.name,
    description: 'A campaign battle (Frederick the Great 9.0) fought out on the tactical map.',
    map: map.id,
    lastTurn: setup.lastTurn,
    lastTurnOperations: 'both',
    initiative: setup.initiative,
    edges: map.data.edges,
    barrageFirst: setup.attacker,
    ...(input.deployment === false
      ? {}
      : {
          deployment: {
            zones: { prussia: zones[map.data.edges.prussia], austria: zones[map.data.edges.austria] },
          },
        }),
    formations: setup.formations.map((f) => ({
      id: f.id,
      side: f.side,
      name: f.name,
      kind: f.kind,
      ...(f.leader ? { leader: f.leader } : {}),
    })),
    leaders: setup.leaders.map((l) => ({
      id: l.id,
      side: l.side,
      name: l.name,
      role: l.role,
      ...(l.activation !== undefined ? { activation: l.activation } : {}),
      commandRange: l.commandRange,
      ...(l.strategicId ? { strategicId: l.strategicId } : {}),
      hex: leaderHex.get(l.id) ?? null,
      provenance: 'reconstructed' as const,
      rationale: 'Converted from the strategic leader by assets/tactical/bridge.json (leaders).',
    })),
    units: setup.units.map((u) => ({
      id: u.id,
      side: u.side,
      formation: u.formation,
      name: u.name,
      arm: u.arm,
      flags: [],
      ...(u.arm === 'artillery' ? { firePoints: u.firePoints } : { cp: u.cp }),
      ma: u.ma,
      morale: u.morale,
      hex: placed.get(u.id)!.hex,
      facing: placed.get(u.id)!.facing,
    })),
    victory: {
      withdrawal: setup.withdrawal,
      withdrawalLevel: 'decisive',
      vp: {
        eliminatedCp: 1,
        routedCp: 0.5,
        leader: 2,
        cinc: 5,
        battery: 1,
        objectives: input.objectives,
      },
      levels: [
        { min: 15, level: 'decisive' },
        { min: 6, level: 'substantive' },
        { min: 1, level: 'marginal' },
      ],
      provenance: 'reconstructed',
      rationale:
        'Campaign battle (bridge.json withdrawal, design 5.5): victory points only report the tactical result; the strategic victor comes from the 9.0 score unless a side broke (docs/tactical-rulings.md, Campaign battles).',
    },
    provenance: 'reconstructed',
    rationale: 'Generated from the strategic forces by src/tactical/bridge (issue #16).',
  };
}
