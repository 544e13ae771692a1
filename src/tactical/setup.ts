// setup: a battle's initial state from a loaded scenario (scenario.ts) and its map. Pure; the
// caller loads the files. Checks what needs the map: set-up hexes exist and stacking holds (3).
import { createRng } from '../kernel/index.js';
import { useTacticalMap } from './env.js';
import { colRow } from './hex.js';
import type { TacticalMap } from './map.js';
import { startGame } from './phases.js';
import { stackOk } from './rules/board.js';
import { checkSideDeployment } from './rules/deployment.js';
import type { LoadedScenario } from './scenario.js';
import type { LeaderState, TacState, UnitState } from './state.js';
import { defaultTables } from './tables/index.js';

export interface SetupOptions {
  /** Forced die rolls, used first (`--dice 4,2,6`). */
  dice?: number[];
}

export type SetupResult = { ok: true; state: TacState } | { ok: false; errors: string[] };

const emptyLedger = () => ({ cpLost: 0, cpEliminated: 0, batteriesLost: 0, leadersLost: [] as string[] });

export function setupBattle(
  loaded: LoadedScenario,
  map: TacticalMap,
  seed: number,
  options: SetupOptions = {},
): SetupResult {
  const d = loaded.data;
  const errors: string[] = [];
  if (d.map !== map.id) errors.push(`scenario: map: the scenario is for map "${d.map}", got "${map.id}"`);
  const block = d.activationBlock;
  const blocked = (hex: string | null, formation: string | null) => {
    // With a deployment the block is applied to the deployed positions (rules/deployment.ts).
    if (!block || hex === null || d.deployment) return 0;
    const f = d.formations.find((x) => x.id === formation);
    if (f?.kind === 'independent' && block.exemptIndependent) return 0;
    return colRow(hex).col <= block.maxColumn ? block.throughTurn : 0;
  };
  const units: UnitState[] = loaded.units.map((u) => ({
    id: u.id,
    side: u.side,
    formation: u.formation,
    name: u.name,
    arm: u.arm,
    flags: u.flags,
    cp: u.cp,
    cpStart: u.cp,
    ma: u.ma,
    morale: u.morale,
    firePoints: u.firePoints,
    hex: u.hex,
    facing: u.facing,
    disorganized: false,
    routed: false,
    eliminated: false,
    ...(u.entry ? { entry: u.entry } : {}),
    movedTurn: null,
    attackedTurn: null,
    barrageTurn: null,
    blockedThrough: blocked(u.hex, u.formation),
  }));
  const byHex = new Map<string, UnitState[]>();
  for (const u of units) {
    if (u.hex === null) continue;
    if (!map.has(u.hex)) errors.push(`scenario: units: ${u.id}: hex ${u.hex} is not on the map`);
    byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u]);
  }
  for (const [hex, us] of byHex)
    if (!stackOk(us))
      errors.push(`scenario: units: ${us.map((u) => u.id).join(' + ')} may not stack in ${hex} (3)`);
  const lr = loaded.ratings.leaders;
  const leaders: LeaderState[] = d.leaders.map((l) => {
    const led = d.formations.find((f) => f.leader === l.id);
    if (l.hex !== null && !map.has(l.hex))
      errors.push(`scenario: leaders: ${l.id}: hex ${l.hex} is not on the map`);
    return {
      id: l.id,
      side: l.side,
      name: l.name,
      role: l.role,
      activation: l.activation ?? 0,
      commandRange: l.commandRange,
      ma: l.ma ?? lr.formationLeaderMa,
      hex: l.hex,
      formation: led?.id ?? null,
      ...(l.successor ? { successor: l.successor } : {}),
      ...(l.onFall ? { onFall: l.onFall } : {}),
      ...(l.hex === null && l.entry ? { entry: { hex: l.entry.hex } } : {}),
      eliminated: false,
      outOfCommand: false,
      blockedThrough: l.role === 'cinc' ? 0 : blocked(l.hex, led?.id ?? null),
    };
  });
  if (errors.length) return { ok: false, errors };
  const startCp = { prussia: 0, austria: 0 };
  for (const u of units) startCp[u.side] += u.cp;
  const s: TacState = {
    kind: 'tactical',
    version: 0,
    scenario: d.id,
    map: map.id,
    seed,
    rng: createRng(seed, options.dice ?? []),
    lastTurn: d.lastTurn,
    lastTurnOperations: d.lastTurnOperations,
    initiative: d.initiative,
    barrageFirst: d.barrageFirst,
    victory: d.victory,
    strategicRules: d.strategicTurns
      ? {
          max: d.strategicTurns.max,
          entrySide: d.strategicTurns.entrySide,
          entryHexes: d.strategicTurns.entryHexes,
          maMultiplier: d.strategicTurns.maMultiplier,
          closeRange: d.strategicTurns.closeRange,
          earlyInitiative: d.strategicTurns.earlyInitiative,
        }
      : null,
    turn: 0,
    strategicTurn: 0,
    strategicLast: false,
    phase: 'verification',
    actingSide: null,
    doneSides: [],
    segment: null,
    activation: null,
    units,
    leaders,
    formations: d.formations.map((f) => ({
      id: f.id,
      side: f.side,
      name: f.name,
      kind: f.kind,
      leader: f.leader ?? null,
      activated: false,
    })),
    prompt: null,
    tasks: [],
    breached: [],
    leaderlessThrough: null,
    ledger: { prussia: emptyLedger(), austria: emptyLedger() },
    startCp,
    leaderRules: { formationLeaderMa: lr.formationLeaderMa, cincMoveHexes: lr.cincMoveHexes, aide: lr.aide },
    leaderMoves: {},
    aides: 0,
    ...(d.deployment
      ? {
          deployment: {
            zones: { prussia: [...d.deployment.zones.prussia], austria: [...d.deployment.zones.austria] },
            committed: [],
            template: {
              units: Object.fromEntries(
                units.filter((u) => u.hex !== null).map((u) => [u.id, { hex: u.hex!, facing: u.facing }]),
              ),
              leaders: Object.fromEntries(leaders.filter((l) => l.hex !== null).map((l) => [l.id, l.hex])),
            },
            block: block
              ? {
                  maxColumn: block.maxColumn,
                  throughTurn: block.throughTurn,
                  exemptIndependent: block.exemptIndependent,
                }
              : null,
          },
        }
      : {}),
    stepNo: 0,
    over: null,
  };
  const env = { map, tables: defaultTables };
  // The set-up is the autopilot template: it must itself be a legal deployment.
  for (const side of ['prussia', 'austria'] as const) {
    const e = s.deployment ? checkSideDeployment(s, env, side) : undefined;
    if (e)
      errors.push(
        `scenario: deployment: the ${side} set-up (the template) is not a legal deployment: ${e.message} (${e.rule})`,
      );
  }
  if (errors.length) return { ok: false, errors };
  useTacticalMap(map);
  startGame({ s, env, events: [] });
  return { ok: true, state: s };
}
