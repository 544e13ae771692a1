// Strategic force -> tactical set-up (issue #16, design 5.3): the SP and leaders of the two sides
// of a Frederick the Great battle (9.0) become Leuthen formations, leaders and counters by the
// factors of assets/tactical/bridge.json. Pure and deterministic: the same forces always give the
// same units (no dice here). Placement on a battlefield is a separate step (field.ts).

import type { CombatForce, CombatLeader, Side as StrategicSide } from '../../engine/index.js';
import { combatCommander } from '../../engine/index.js';
import type { Arm, Side } from '../schema.js';
import { type BridgeData, bridgeData } from './data.js';

/** Strategic side -> tactical side: the Prussian-Allied side plays the Leuthen "prussia" side. */
export function tacticalSide(side: StrategicSide): Side {
  return side === 'prussian-allied' ? 'prussia' : 'austria';
}
export function strategicSide(side: Side): StrategicSide {
  return side === 'prussia' ? 'prussian-allied' : 'coalition';
}

export interface BridgeUnit {
  id: string;
  side: Side;
  nationality: string;
  formation: string;
  name: string;
  arm: Arm;
  flags: string[];
  cp: number;
  ma: number;
  morale: number;
  firePoints: number;
}

export interface BridgeFormation {
  id: string;
  side: Side;
  /** The nationality whose seat plays this formation (coalition partners fight side by side). */
  nationality: string;
  name: string;
  kind: 'infantry' | 'cavalry' | 'independent';
  leader?: string;
}

export interface BridgeLeader {
  id: string;
  side: Side;
  nationality: string;
  name: string;
  role: 'cinc' | 'formation';
  activation?: number;
  commandRange: number;
  /** The strategic leader this counter stands for; absent for generic generals. */
  strategicId?: string;
}

export interface TacticalSetup {
  attacker: Side;
  formations: BridgeFormation[];
  leaders: BridgeLeader[];
  units: BridgeUnit[];
  /** Leuthen 4.C initiative die bonus per side (attacker: +2 and its commander's Attack; defender: Defence). */
  initiative: { bonus: Record<Side, number>; ties: Side };
  lastTurn: number;
  withdrawal: Record<Side, number>;
  startCp: Record<Side, number>;
  /** SP present by nationality, per tactical side: the caps of the outcome (9.45). */
  spPresent: Record<Side, Record<string, number>>;
  /** The seat (nationality) each formation belongs to. */
  seats: Record<string, string>;
}

export interface ConversionInput {
  attacker: CombatForce;
  defender: CombatForce;
  /** 16.x: a winter turn shortens the day. */
  winter: boolean;
  /** Display names of strategic leaders (defaults to the id). */
  names?: Record<string, string>;
  data?: BridgeData;
}

const kebab = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'x';

/** Largest-remainder split of `total` by `shares` (deterministic: ties by key order). */
export function apportion<K extends string>(total: number, shares: Record<K, number>): Record<K, number> {
  const keys = Object.keys(shares) as K[];
  const raw = keys.map((k) => total * shares[k]);
  const out = Object.fromEntries(keys.map((k, i) => [k, Math.floor(raw[i]!)])) as Record<K, number>;
  let left = total - keys.reduce((a, k) => a + out[k], 0);
  const order = keys
    .map((k, i) => ({ k, r: raw[i]! - Math.floor(raw[i]!), i }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { k } of order) {
    if (left <= 0) break;
    out[k]++;
    left--;
  }
  return out;
}

/**
 * An arm's CP in counters of at most `size`, as even as possible (19 CP of foot: 3,3,3,3,3,2,2, not
 * six 3s and a 1), and none under `min` where the CP allow (7 CP of horse at size 2: 3,2,2, not
 * 2,2,2,1; never over 3, the largest a counter holds, Leuthen 1): a 1-CP counter dies of any step
 * loss and fires at nothing, which made the nationality with the odder shares weaker per SP
 * (bridge.json counters).
 */
function counters(cp: number, size: number, min: number): number[] {
  if (cp <= 0) return [];
  let n = Math.ceil(cp / size);
  if (Math.floor(cp / n) < min && cp >= min) n = Math.floor(cp / min);
  const base = Math.floor(cp / n);
  return Array.from({ length: n }, (_, i) => base + (i < cp % n ? 1 : 0));
}

const ARM_NAMES: Record<Arm, string> = {
  infantry: 'Infantry',
  'light-infantry': 'Light infantry',
  cavalry: 'Cavalry',
  'light-cavalry': 'Light cavalry',
  artillery: 'Battery',
};
const NAT_NAMES: Record<string, string> = {
  prussia: 'Prussian',
  hanover: 'Allied',
  austria: 'Austrian',
  france: 'French',
  russia: 'Russian',
  sweden: 'Swedish',
  empire: 'Reichsarmee',
};

function activation(d: BridgeData, initiative: number): number {
  const a = d.leaders.activation;
  return Math.max(0, Math.min(a.max, a.base + a.perInitiative * initiative));
}

interface NatPlan {
  nat: string;
  sp: number;
  inf: BridgeUnit[];
  cav: BridgeUnit[];
  guns: BridgeUnit[];
  leaders: CombatLeader[];
}

function convertSide(
  force: CombatForce,
  isAttacker: boolean,
  input: ConversionInput,
  d: BridgeData,
): Omit<
  TacticalSetup,
  'attacker' | 'initiative' | 'lastTurn' | 'withdrawal' | 'startCp' | 'spPresent' | 'seats'
> & {
  bonus: number;
  cp: number;
  sp: Record<string, number>;
} {
  const side = tacticalSide(force.side);
  const name = (id: string) => input.names?.[id] ?? id;
  const commander = combatCommander(force);
  const cInit = commander && !force.demoralized ? commander.initiative : 0;
  const plans: NatPlan[] = [];
  const nats = Object.entries(force.sp)
    .filter(([, sp]) => sp > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  let cpTotal = 0;
  for (const [nat, sp] of nats) {
    const nd = d.nationalities[nat];
    if (!nd) throw new Error(`bridge.json: no arm shares for nationality "${nat}"`);
    const cp = sp * d.cpPerSp.value;
    cpTotal += cp;
    const byArm = apportion(cp, nd.shares);
    // An arm too small for one counter of minCp joins its parent arm (bridge.json counters.parentArm).
    type FieldArm = keyof typeof byArm;
    for (const [arm, parent] of Object.entries(d.counters.parentArm) as [FieldArm, FieldArm][])
      if (byArm[arm] > 0 && byArm[arm] < d.counters.minCp && byArm[parent] > 0) {
        byArm[parent] += byArm[arm];
        byArm[arm] = 0;
      }
    const morale = (arm: Arm) => {
      const m = nd.values[arm].morale + (force.demoralized ? d.demoralized.moraleModifier : 0);
      return Math.max(d.demoralized.minMorale, m);
    };
    const plan: NatPlan = { nat, sp, inf: [], cav: [], guns: [], leaders: [] };
    const natId = kebab(nat);
    for (const arm of ['infantry', 'light-infantry', 'cavalry', 'light-cavalry'] as const) {
      const size = arm === 'infantry' ? d.counters.infantryCp : d.counters.cavalryCp;
      counters(byArm[arm], size, d.counters.minCp).forEach((c, i) => {
        const u: BridgeUnit = {
          id: `${natId}-${arm}-${i + 1}`,
          side,
          nationality: nat,
          formation: '',
          name: `${NAT_NAMES[nat] ?? nat} ${ARM_NAMES[arm].toLowerCase()} ${i + 1}`,
          arm,
          flags: [],
          cp: c,
          ma: nd.values[arm].ma,
          morale: morale(arm),
          firePoints: 0,
        };
        (arm === 'infantry' || arm === 'light-infantry' ? plan.inf : plan.cav).push(u);
      });
    }
    const batteries = Math.floor(sp / d.counters.spPerBattery);
    for (let i = 0; i < batteries; i++) {
      const heavy = (i + 1) % nd.heavyBatteryEvery === 0;
      const art = nd.values.artillery;
      plan.guns.push({
        id: `${natId}-artillery-${i + 1}`,
        side,
        nationality: nat,
        formation: `${natId}-independent`,
        name: `${NAT_NAMES[nat] ?? nat} ${heavy ? 'heavy ' : ''}battery ${i + 1}`,
        arm: 'artillery',
        flags: [],
        cp: 0,
        ma: art.ma,
        morale: morale('artillery'),
        firePoints: heavy ? art.heavyFirePoints : art.firePoints,
      });
    }
    plan.leaders = force.leaders
      .filter((l) => l.nationality === nat && l.id !== commander?.id)
      .sort((a, b) => a.rank - b.rank || (a.id < b.id ? -1 : 1));
    plans.push(plan);
  }

  // How many formations each nationality gets: enough for its counters at the size limit, one per
  // leader present if the side's limit allows, at least one per arm it has.
  let perFormation = d.formations.maxCountersPerFormation;
  const need = (p: NatPlan, size: number) =>
    (p.inf.length ? Math.ceil(p.inf.length / size) : 0) + (p.cav.length ? Math.ceil(p.cav.length / size) : 0);
  while (
    plans.reduce((a, p) => a + need(p, perFormation), 0) > d.formations.maxPerSide &&
    perFormation < 1000
  )
    perFormation++;
  const counts = plans.map((p) => need(p, perFormation));
  let budget = d.formations.maxPerSide - counts.reduce((a, b) => a + b, 0);
  // Extra formations for leaders beyond the minimum, best-ranked leaders first across nationalities.
  const extras = plans
    .flatMap((p, i) => p.leaders.slice(counts[i]).map((l) => ({ l, i })))
    .sort((a, b) => a.l.rank - b.l.rank || (a.l.id < b.l.id ? -1 : 1));
  for (const { i } of extras) {
    const p = plans[i]!;
    if (budget <= 0) break;
    if (counts[i]! >= p.inf.length + p.cav.length) continue;
    counts[i]!++;
    budget--;
  }

  const formations: BridgeFormation[] = [];
  const leaders: BridgeLeader[] = [];
  const units: BridgeUnit[] = [];
  plans.forEach((p, i) => {
    const n = counts[i]!;
    // Split n between the infantry and cavalry in proportion to their counters (each arm at least
    // what its counters need).
    const minInf = p.inf.length ? Math.ceil(p.inf.length / perFormation) : 0;
    const minCav = p.cav.length ? Math.ceil(p.cav.length / perFormation) : 0;
    let nInf = minInf;
    let nCav = minCav;
    while (nInf + nCav < n) {
      const infRoom = nInf < p.inf.length ? p.inf.length / (nInf + 1) : -1;
      const cavRoom = nCav < p.cav.length ? p.cav.length / (nCav + 1) : -1;
      if (infRoom < 0 && cavRoom < 0) break;
      if (infRoom >= cavRoom) nInf++;
      else nCav++;
    }
    const natId = kebab(p.nat);
    let generic = 0;
    const leaderQueue = [...p.leaders];
    const make = (kind: 'infantry' | 'cavalry', list: BridgeUnit[], k: number) => {
      for (let f = 0; f < k; f++) {
        const l = leaderQueue.shift();
        const leaderId = l ? kebab(l.id) : `${natId}-general-${++generic}`;
        const fid = l ? `${natId}-${kebab(l.id)}` : `${natId}-${kind}-corps-${generic}`;
        formations.push({
          id: fid,
          side,
          nationality: p.nat,
          name: `${l ? name(l.id) : `${NAT_NAMES[p.nat] ?? p.nat} general ${generic}`}'s ${kind}`,
          kind,
          leader: leaderId,
        });
        leaders.push({
          id: leaderId,
          side,
          nationality: p.nat,
          name: l ? name(l.id) : `${NAT_NAMES[p.nat] ?? p.nat} general ${generic}`,
          role: 'formation',
          activation: l ? activation(d, l.initiative) : d.formations.genericLeader.activation,
          commandRange: l ? d.leaders.formationRange[kind] : d.formations.genericLeader.commandRange,
          ...(l ? { strategicId: l.id } : {}),
        });
        // Round-robin deal keeps the formations even (3-6 counters each, design 5.3).
        list.forEach((u, j) => {
          if (j % k === f) units.push({ ...u, formation: fid });
        });
      }
    };
    make('infantry', p.inf, nInf);
    make('cavalry', p.cav, nCav);
    if (p.guns.length) {
      formations.push({
        id: `${natId}-independent`,
        side,
        nationality: p.nat,
        name: `${NAT_NAMES[p.nat] ?? p.nat} batteries`,
        kind: 'independent',
      });
      units.push(...p.guns);
    }
  });

  const cincId = commander ? kebab(commander.id) : `${side}-cinc`;
  leaders.unshift({
    id: cincId,
    side,
    nationality: commander?.nationality ?? plans[0]?.nat ?? side,
    name: commander ? name(commander.id) : 'Senior officer',
    role: 'cinc',
    commandRange: d.leaders.commanderRange.base + d.leaders.commanderRange.perInitiative * cInit,
    ...(commander ? { strategicId: commander.id } : {}),
  });
  const bonus = isAttacker
    ? d.leaders.attackerInitiativeBonus + (commander?.attack ?? 0)
    : (commander?.defence ?? 0);
  return {
    formations,
    leaders,
    units,
    bonus,
    cp: cpTotal,
    sp: Object.fromEntries(nats),
  };
}

/** Design 5.5: 10 + ceil(total CP / 20) turns, at most 16, two fewer in winter, at least 6. */
export function turnLimit(totalCp: number, winter: boolean, d: BridgeData = bridgeData): number {
  const t = d.turns;
  const n = Math.min(t.max, t.base + Math.ceil(totalCp / t.cpPerExtraTurn)) - (winter ? t.winterMinus : 0);
  return Math.max(t.min, n);
}

/** The two strategic forces of a committed battle as Leuthen formations, leaders and counters. */
export function toTacticalSetup(input: ConversionInput): TacticalSetup {
  const d = input.data ?? bridgeData;
  if (input.attacker.side === input.defender.side) throw new Error('bridge: both forces are on one side');
  const a = convertSide(input.attacker, true, input, d);
  const b = convertSide(input.defender, false, input, d);
  const as = tacticalSide(input.attacker.side);
  const bs = tacticalSide(input.defender.side);
  const formations = [...a.formations, ...b.formations];
  return {
    attacker: as,
    formations,
    leaders: [...a.leaders, ...b.leaders],
    units: [...a.units, ...b.units],
    initiative: { bonus: { [as]: a.bonus, [bs]: b.bonus } as Record<Side, number>, ties: as },
    lastTurn: turnLimit(a.cp + b.cp, input.winter, d),
    withdrawal: { prussia: d.withdrawal.fraction, austria: d.withdrawal.fraction },
    startCp: { [as]: a.cp, [bs]: b.cp } as Record<Side, number>,
    spPresent: { [as]: a.sp, [bs]: b.sp } as Record<Side, Record<string, number>>,
    seats: Object.fromEntries(formations.map((f) => [f.id, f.nationality])),
  };
}
