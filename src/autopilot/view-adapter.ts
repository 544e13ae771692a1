// Builds the autopilot's Board from one seat's View (src/engine/view.ts) and public data only:
// the map, the scenario file (special rules, which seat plays which side) and the leader counters'
// printed ratings. Nothing here can reach the GameState.

import type { Nationality, Side, View, ViewLeader } from '../engine/index.js';
import {
  DEFAULT_SIDE,
  engineMap,
  isScenarioId,
  leaderRatings,
  loadScenario,
  NATIONALITIES,
  type Scenario,
} from '../engine/index.js';
import type { StrategicMap } from '../map/types.js';
import type { Board, BoardLeader, BoardStack } from './board.js';

export class ViewError extends Error {}

/**
 * The bundled scenarios, parsed once: every decision builds a Board, and validating the scenario
 * file with zod each time was 3 % of a top-level campaign (`npm run bench -- expert`). Frozen, since
 * the Board hands out its `rules`: a writer would fail loudly instead of changing later decisions.
 */
const scenarios = new Map<string, Scenario>();
function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}
function bundledScenario(id: string): Scenario | undefined {
  if (!isScenarioId(id)) return undefined;
  let s = scenarios.get(id);
  if (!s) {
    s = deepFreeze(loadScenario(id));
    scenarios.set(id, s);
  }
  return s;
}

function leaderOf(l: ViewLeader): BoardLeader {
  // Enemy counters show rank and name; their printed ratings are public (scenarios/leaders.json).
  const r = l.initiative === undefined ? leaderRatings().leaders[l.id] : undefined;
  return {
    id: l.id,
    nationality: l.nationality,
    rank: l.rank,
    initiative: l.initiative ?? r?.initiative ?? 1,
    attack: l.attack ?? r?.attack ?? 0,
    defence: l.defence ?? r?.defence ?? 0,
    inside: l.inside,
  };
}

/**
 * Spread each enemy nationality's known strength over its visible stacks: both players know the
 * orders of battle and where each army stood at the start (18.0 set-up, 15.0 reinforcements) and the
 * prisoners taken (14.0); what they do not know is how the SP were split and lost since (5.0, 9.0).
 * A stack's share follows the command its top leader (the only one the enemy sees, 8.21) had at
 * set-up or on arrival: Soubise's 37 SP of 1761 stay with Soubise until he is seen to split. A
 * supreme commander counts at least 8, any other leader 3, a leaderless field stack and a garrison 1.
 * The shares are scaled to the nationality's known total. Measured in expert self-play (seeds 1-3):
 * sightings of 10+ SP stacks estimated too low by over a quarter went from 43 % to 4 % over 1757,
 * 1759 and 1761, and to 9 % in 1757 alone, where Frederick gathers his corps into one army.
 */
function estimateEnemies(view: View, scenario: Scenario, side: Side, enemies: Map<string, BoardStack>): void {
  const total: Partial<Record<Nationality, number>> = {};
  const command = new Map<string, number>();
  const arrived = new Set(view.reinforcements.filter((r) => r.arrived).map((r) => r.id));
  const entries = [...scenario.setup, ...scenario.reinforcements.filter((r) => arrived.has(r.id))];
  for (const e of entries) {
    total[e.nationality] = (total[e.nationality] ?? 0) + e.sp;
    const top = [...(e.leaders ?? [])].sort((a, b) => a.rank - b.rank)[0];
    if (top) command.set(top.id, (command.get(top.id) ?? 0) + e.sp);
  }
  for (const [n, v] of Object.entries(view.prisoners[side] ?? {}))
    total[n as Nationality] = Math.max(0, (total[n as Nationality] ?? 0) - (v ?? 0));
  // A leader with a command who is nowhere to be seen on top of a stack has most likely joined a
  // senior's army (8.21 hides him under it): his command goes to his nationality's highest-ranked
  // visible leader, where armies concentrate.
  const seenTop = new Set<string>();
  const senior: Partial<Record<Nationality, { id: string; rank: number }>> = {};
  for (const h of view.hexes)
    for (const s of h.stacks) {
      if (s.side === side) continue;
      for (const l of s.leaders) {
        if (l.inside) continue;
        seenTop.add(l.id);
        const b = senior[l.nationality];
        if (!b || l.rank < b.rank) senior[l.nationality] = { id: l.id, rank: l.rank };
      }
    }
  for (const e of entries)
    for (const l of e.leaders ?? []) {
      const c = command.get(l.id);
      const to = senior[e.nationality];
      if (!c || seenTop.has(l.id) || !to || to.id === l.id) continue;
      command.set(to.id, (command.get(to.id) ?? 0) + c);
      command.set(l.id, 0);
    }
  const weights = new Map<string, { nat: Nationality; out: number; in: number }[]>();
  const sum: Partial<Record<Nationality, number>> = {};
  for (const h of view.hexes)
    for (const s of h.stacks) {
      if (s.side === side || s.sp) continue;
      const list: { nat: Nationality; out: number; in: number }[] = [];
      for (const nat of new Set([...s.outside, ...s.inside])) {
        const top = s.leaders.find((l) => l.nationality === nat && !l.inside);
        const led = top ? Math.max(top.rank === 1 ? 8 : 3, command.get(top.id) ?? 0) : 1;
        const out = s.outside.includes(nat) ? led : 0;
        const inn = s.inside.includes(nat) ? 1 : 0;
        list.push({ nat, out, in: inn });
        sum[nat] = (sum[nat] ?? 0) + out + inn;
      }
      weights.set(h.hex, list);
    }
  for (const [hex, list] of weights) {
    const st = enemies.get(hex);
    if (!st) continue;
    let out = 0;
    let inn = 0;
    for (const w of list) {
      const t = total[w.nat] ?? 0;
      const W = sum[w.nat] ?? 1;
      out += (t * w.out) / W;
      inn += (t * w.in) / W;
    }
    st.estOut = Math.round(out);
    st.estIn = Math.max(st.garrisoned ? 1 : 0, Math.round(inn));
  }
}

export function boardFromView(view: View, map: StrategicMap = engineMap()): Board {
  if (view.viewer === 'public' || view.side === null)
    throw new ViewError('the autopilot plays a seat: it needs a seat view, not the public one');
  const seat = view.viewer;
  const side = view.side;
  const scenario = bundledScenario(view.scenario);
  const seatSide: Partial<Record<Nationality, Side>> = { ...DEFAULT_SIDE, ...(scenario?.control ?? {}) };
  const friends = new Map<string, BoardStack>();
  const enemies = new Map<string, BoardStack>();
  const depots: Board['depots'] = [];
  for (const h of view.hexes) {
    for (const s of h.stacks) {
      for (const n of [...s.outside, ...s.inside]) seatSide[n] = s.side;
      let out: number | null = null;
      let inn: number | null = null;
      const outByNat: Partial<Record<Nationality, number>> = {};
      const inByNat: Partial<Record<Nationality, number>> = {};
      if (s.sp) {
        out = 0;
        inn = 0;
        for (const n of NATIONALITIES) {
          const v = s.sp[n];
          if (!v) continue;
          out += v.out;
          inn += v.in;
          if (v.out) outByNat[n] = v.out;
          if (v.in) inByNat[n] = v.in;
        }
      }
      const stack: BoardStack = {
        hex: h.hex,
        side: s.side,
        out,
        in: inn,
        outByNat,
        inByNat,
        hasCombat: s.outside.length > 0 || s.inside.length > 0,
        natsOut: [...s.outside],
        natsIn: [...s.inside],
        garrisoned: s.inside.length > 0,
        leaders: s.leaders.map(leaderOf),
        demoralized: s.demoralized,
      };
      (s.side === side ? friends : enemies).set(h.hex, stack);
    }
    if (h.depot)
      depots.push({
        hex: h.hex,
        side: h.depot.side,
        owner: h.depot.owner,
        status: h.depot.status,
        ...(h.depot.linked ? { linked: true } : {}),
      });
  }
  if (scenario) estimateEnemies(view, scenario, side, enemies);
  const moving = (view.moving ?? []).find((m) => {
    const st = friends.get(m.hex);
    return st?.leaders.some((l) => l.id === m.leader && l.nationality === seat);
  });
  let eliminated = 0;
  for (const v of Object.values(view.eliminated ?? {})) eliminated += v ?? 0;
  let heldPrisoners = 0;
  for (const [n, v] of Object.entries(
    view.prisoners?.[side === 'prussian-allied' ? 'coalition' : 'prussian-allied'] ?? {},
  ))
    if (seatSide[n as Nationality] === side) heldPrisoners += v ?? 0;
  return {
    seat,
    side,
    scenario: view.scenario,
    turn: view.turn,
    lastTurn: view.lastTurn,
    phase: view.phase,
    phasing: view.phasing,
    friends,
    enemies,
    depots,
    active: moving
      ? {
          leader: moving.leader,
          hex: moving.hex,
          mpLeft: moving.mpLeft,
          sp: moving.sp,
          kind: view.phase === 'forcemarch' ? 'forcemarch' : 'march',
        }
      : null,
    seatSide,
    rules: (scenario?.rules ?? {}) as Record<string, unknown>,
    eliminated: { [side]: eliminated },
    heldPrisoners,
    siegeModifiers: new Map(
      Object.entries(view.siegeRolls ?? {}).map(([h, r]) => [
        h,
        { modifier: r.die - r.modified, turn: r.turn, garrison: r.garrison },
      ]),
    ),
    besieged: new Set(view.hexes.filter((h) => h.besieged).map((h) => h.hex)),
    map,
  };
}
