// Resolution work that may need a side's decision: loss allocation (11.5), retreat paths and
// displacement (11.6), rout movement (12.4), advance after combat (11.7), aides-de-camp (9.4),
// reaction fire (10.1, 11), the shock itself (11.3-11.5) and rally checks (12.5). Tasks run in order;
// one that needs a decision sets `state.prompt` and waits; the answer (or a timeout, taking the
// prompt's default) resumes it.
import { rollD6 } from '../../kernel/index.js';
import type { Env } from '../env.js';
import { type Ctx, ev } from '../events.js';
import type { Prompt, Side, TacState, Task, UnitState } from '../state.js';
import { otherSide } from '../state.js';
import {
  distance,
  effMorale,
  enemyIn,
  flanksOf,
  frontHexes,
  isArtillery,
  isCavalry,
  leadersAt,
  mayEnter,
  mayStackInto,
  moveClass,
  unitOf,
  unitsAt,
  zocOf,
} from './board.js';
import { batteryCanFireAt, loneBattery, resolveFire, rollShock } from './combat.js';
import { destroyBatteriesWith, disorganize, displaceLeaders, eliminate, loseCp } from './effects.js';
import { standingAnswer } from './standing.js';

function ask(c: Ctx, task: Task, p: Prompt): 'done' | 'wait' {
  // Issue 15: a standing order of the side answers the prompt at once (rules/standing.ts).
  const auto = standingAnswer(c.s, c.env, task, p);
  if (auto !== undefined) {
    const label = p.options.find((o) => o.value === auto)?.label ?? auto;
    c.events.push(
      ev('standing-answer', `${p.side}'s standing order answers: ${p.text}: ${label}.`, {
        side: p.side,
        kind: p.kind,
        value: auto,
      }),
    );
    return handle(c, task, auto);
  }
  c.s.tasks.unshift(task);
  c.s.prompt = p;
  c.s.stepNo++;
  c.events.push(ev('prompt', `${p.side} decides: ${p.text}`, { side: p.side, kind: p.kind }));
  return 'wait';
}

const alive = (u: UnitState | undefined): u is UnitState => !!u && !u.eliminated && u.hex !== null;

/** Runs queued tasks until done, a prompt, or the game's end. */
export function runTasks(c: Ctx): void {
  while (c.s.tasks.length && !c.s.prompt && !c.s.over) {
    const t = c.s.tasks.shift()!;
    handle(c, t, undefined);
  }
}

/** Answers the current prompt with the value of one of its options. */
export function answerPrompt(c: Ctx, value: string): void {
  c.s.prompt = null;
  const t = c.s.tasks.shift();
  if (t) handle(c, t, value);
  runTasks(c);
}

function handle(c: Ctx, t: Task, choice: string | undefined): 'done' | 'wait' {
  switch (t.kind) {
    case 'loss':
      return loss(c, t, choice);
    case 'disorg': {
      const u = unitOf(c.s, t.unit);
      if (alive(u)) disorganize(c, u, t.why);
      return 'done';
    }
    case 'retreat':
      return retreat(c, t, choice);
    case 'rout-move':
      routMove(c, t);
      return 'done';
    case 'advance':
      return advance(c, t, choice);
    case 'aide':
      return aide(c, t, choice);
    case 'reaction':
      return reaction(c, t, choice);
    case 'shock':
      shock(c, t);
      return 'done';
    case 'rally':
      rally(c, t);
      return 'done';
  }
}

// --- 11.5 losses --------------------------------------------------------------------------------

function loss(c: Ctx, t: Extract<Task, { kind: 'loss' }>, choice: string | undefined): 'done' | 'wait' {
  const units = t.units.map((id) => unitOf(c.s, id)).filter((u): u is UnitState => alive(u) && u.cp > 0);
  if (t.cp <= 0 || !units.length) return 'done';
  let pick: UnitState | undefined;
  if (units.length === 1) pick = units[0];
  else if (choice !== undefined) pick = units.find((u) => u.id === choice) ?? units[0];
  else {
    const sorted = [...units].sort((a, b) => b.cp - a.cp || a.id.localeCompare(b.id));
    return ask(c, t, {
      side: t.side,
      kind: 'loss',
      text: `allocate 1 CP of loss (${t.cp} to take, 11.5) among ${sorted.map((u) => u.name).join(', ')}`,
      options: sorted.map((u) => ({ label: `${u.name} (${u.cp} CP)`, value: u.id })),
      default: 0,
    });
  }
  if (!pick) return 'done';
  if (units.length === 1) {
    loseCp(c, pick, t.cp, t.why);
    return 'done';
  }
  loseCp(c, pick, 1, t.why);
  if (t.cp > 1) c.s.tasks.unshift({ ...t, cp: t.cp - 1 });
  return 'done';
}

// --- 11.6 retreats ------------------------------------------------------------------------------

interface RetreatOption {
  hex: string;
  tier: number;
  zoc: boolean;
  flank: boolean;
  overstack: boolean;
}

/** 11.6: the hexes a unit may retreat into, each with its priority tier (lower is better). */
export function retreatOptions(s: TacState, env: Env, u: UnitState, from: string[]): RetreatOption[] {
  if (u.hex === null) return [];
  const here = u.hex;
  const near = (h: string) => (from.length ? Math.min(...from.map((f) => distance(f, h))) : 0);
  const d0 = near(here);
  const zoc = zocOf(s, env, otherSide(u.side));
  const flank = flanksOf(s, env, otherSide(u.side));
  const out: RetreatOption[] = [];
  for (const h of env.map.neighbours(here)) {
    if (!mayEnter(s, env, moveClass(u), here, h)) continue;
    if (enemyIn(s, u.side, h)) continue;
    if (from.length && near(h) <= d0) continue;
    const z = zoc.has(h);
    const f = !z && flank.has(h);
    const o = !mayStackInto(s, u, h);
    out.push({ hex: h, zoc: z, flank: f, overstack: o, tier: (z ? 4 : 0) + (f ? 2 : 0) + (o ? 1 : 0) });
  }
  return out.sort((a, b) => a.tier - b.tier || a.hex.localeCompare(b.hex));
}

/** Moves a unit one hex (retreat, rout, advance), taking along leaders left alone and displacing enemy leaders. */
function relocate(c: Ctx, u: UnitState, to: string): void {
  const from = u.hex!;
  u.hex = to;
  if (!unitsAt(c.s, from).some((x) => x.side === u.side))
    for (const l of leadersAt(c.s, from).filter((l) => l.side === u.side)) l.hex = to;
  displaceLeaders(c, to, otherSide(u.side));
}

function retreat(c: Ctx, t: Extract<Task, { kind: 'retreat' }>, choice: string | undefined): 'done' | 'wait' {
  const { s, env } = c;
  const u = unitOf(s, t.unit);
  if (!alive(u) || t.hexes <= 0) return 'done';
  if (u.routed) return 'done';
  const opts = retreatOptions(s, env, u, t.from);
  if (!opts.length) {
    eliminate(c, u, '11.6: no retreat possible');
    return 'done';
  }
  const best = opts.filter((o) => o.tier === opts[0]!.tier);
  let pick: RetreatOption | undefined;
  let displaceChoice: string | undefined;
  if (choice?.startsWith('displace:')) {
    const [, hex, how] = choice.split(':');
    pick = opts.find((o) => o.hex === hex);
    displaceChoice = how;
  } else if (best.length === 1) pick = best[0];
  else if (choice !== undefined) pick = best.find((o) => o.hex === choice) ?? best[0];
  else
    return ask(c, t, {
      side: u.side,
      kind: 'retreat',
      text: `choose the retreat hex of ${u.name} (11.6)`,
      options: best.map((o) => ({
        label: `${o.hex}${o.zoc ? ' (enemy ZOC)' : o.flank ? ' (enemy flank)' : ''}${o.overstack ? ' (displaces friends)' : ''}`,
        value: o.hex,
      })),
      default: 0,
    });
  if (!pick) return 'done';
  if (pick.overstack && displaceChoice === undefined)
    return ask(c, t, {
      side: u.side,
      kind: 'displace',
      text: `${u.name} must retreat into ${pick.hex}, held by friends: displace them, or eliminate ${u.name} instead (11.6)`,
      options: [
        { label: `displace the units in ${pick.hex}`, value: `displace:${pick.hex}:displace` },
        { label: `eliminate ${u.name}`, value: `displace:${pick.hex}:eliminate` },
      ],
      default: 0,
    });
  if (displaceChoice === 'eliminate') {
    eliminate(c, u, '11.6: eliminated rather than displace friends');
    return 'done';
  }
  destroyBatteriesWith(c, u);
  const origin = u.hex!;
  const displaced = pick.overstack ? unitsAt(s, pick.hex).filter((x) => x.side === u.side) : [];
  relocate(c, u, pick.hex);
  c.events.push(
    ev('retreat', `${u.name} retreats to ${pick.hex} (11.6).`, { unit: u.id, from: origin, to: pick.hex }),
  );
  if (pick.zoc) {
    const die = rollD6(s);
    const r = die + effMorale(s, env, u);
    c.events.push(
      ev('retreat-check', `${u.name} retreats into an enemy ZOC: d6 ${die} + morale = ${r} (11.6).`, {
        unit: u.id,
        die,
      }),
    );
    if (r <= 4) loseCp(c, u, 1, '11.6: retreat into an enemy ZOC');
    if (!u.eliminated && (r <= 3 || r === 5)) disorganize(c, u, '11.6: retreat into an enemy ZOC');
  } else if (pick.flank) {
    const die = rollD6(s);
    const r = die + effMorale(s, env, u);
    c.events.push(
      ev('retreat-check', `${u.name} retreats into an enemy flank hex: d6 ${die} + morale = ${r} (11.6).`, {
        unit: u.id,
        die,
      }),
    );
    if (r <= 4) disorganize(c, u, '11.6: retreat into an enemy flank hex');
  }
  const next: Task[] = [];
  for (const d of displaced) {
    if (isArtillery(d)) {
      eliminate(c, d, '10.3: displaced battery');
      continue;
    }
    disorganize(c, d, '11.6: displaced');
    if (!d.eliminated && !d.routed)
      next.push({ kind: 'retreat', unit: d.id, hexes: 1, from: [origin, pick.hex], displaced: true });
  }
  if (!u.eliminated && !u.routed && t.hexes > 1) next.push({ ...t, hexes: t.hexes - 1 });
  s.tasks.unshift(...next);
  return 'done';
}

// --- 12.4 rout movement -----------------------------------------------------------------------

function routMove(c: Ctx, t: Extract<Task, { kind: 'rout-move' }>): void {
  const { s, env } = c;
  const u = unitOf(s, t.unit);
  if (!alive(u) || !u.routed) return;
  // 10.3: a battery left behind by its routing infantry is destroyed.
  destroyBatteriesWith(c, u);
  const edge = env.map.friendlyEdge(u.side);
  const zoc = zocOf(s, env, otherSide(u.side));
  const flank = flanksOf(s, env, otherSide(u.side));
  const visited = new Set([u.hex!]);
  let moved = 0;
  let lastDir: number | undefined;
  const passed: UnitState[] = [];
  for (;;) {
    const here = u.hex!;
    const need = moved < t.hexes || !mayStackInto(s, u, here);
    if (!need) break;
    const dist = env.map.stepsToEdge(here, edge);
    if (dist === 0) {
      eliminate(c, u, '12.4: routed off the map');
      break;
    }
    const opts = env.map
      .neighbours(here)
      .filter((h) => !visited.has(h) && mayEnter(s, env, moveClass(u), here, h) && !enemyIn(s, u.side, h))
      .map((h) => ({ h, d: env.map.stepsToEdge(h, edge), z: zoc.has(h), f: flank.has(h) }))
      .filter((o) => o.d <= dist)
      .sort(
        (a, b) =>
          a.d - b.d || Number(a.z) - Number(b.z) || Number(a.f) - Number(b.f) || a.h.localeCompare(b.h),
      );
    const o = opts[0];
    if (!o) {
      eliminate(c, u, '12.4: the routed unit cannot retreat three hexes');
      break;
    }
    lastDir = env.map.neighbours(here).indexOf(o.h) >= 0 ? dirBetween(env, here, o.h) : lastDir;
    relocate(c, u, o.h);
    visited.add(o.h);
    moved++;
    if (o.z) loseCp(c, u, 1, '12.4: routing through an enemy ZOC (ruling)');
    if (u.eliminated) break;
    for (const f of unitsAt(s, o.h)) if (f.id !== u.id && f.side === u.side) passed.push(f);
  }
  if (!u.eliminated) {
    if (lastDir !== undefined) u.facing = lastDir;
    c.events.push(ev('rout-move', `${u.name} routs to ${u.hex} (12.4).`, { unit: u.id, to: u.hex }));
  }
  for (const f of passed) if (!f.eliminated) disorganize(c, f, '12.4: routed unit passed through');
}

function dirBetween(env: Env, a: string, b: string): number {
  for (let d = 0; d < 6; d++) if (env.map.neighbourIn(a, d as 0) === b) return d;
  return 0;
}

// --- 11.7 advance after combat ------------------------------------------------------------------

function advance(c: Ctx, t: Extract<Task, { kind: 'advance' }>, choice: string | undefined): 'done' | 'wait' {
  const { s, env } = c;
  const opts: { unit: UnitState; hex: string }[] = [];
  for (const hex of t.hexes) {
    if (unitsAt(s, hex).length) continue;
    for (const id of t.units) {
      const u = unitOf(s, id);
      if (!alive(u) || u.routed || isArtillery(u) || distance(u.hex!, hex) !== 1) continue;
      if (!mayEnter(s, env, moveClass(u), u.hex!, hex)) continue;
      opts.push({ unit: u, hex });
    }
  }
  if (!opts.length) return 'done';
  if (choice === undefined)
    return ask(c, t, {
      side: t.side,
      kind: 'advance',
      text: 'advance after combat into the vacated hex, or stay (11.7)',
      options: [
        { label: 'stay', value: 'none' },
        ...opts.map((o) => ({ label: `${o.unit.name} to ${o.hex}`, value: `${o.unit.id}@${o.hex}` })),
      ],
      default: 0,
    });
  const o = opts.find((x) => `${x.unit.id}@${x.hex}` === choice);
  if (!o) return 'done';
  relocate(c, o.unit, o.hex);
  c.events.push(
    ev('advance', `${o.unit.name} advances into ${o.hex} (11.7).`, { unit: o.unit.id, to: o.hex }),
  );
  return 'done';
}

// --- 9.4 aides-de-camp and reserve leaders (8.1) -------------------------------------------------

function aide(c: Ctx, t: Extract<Task, { kind: 'aide' }>, choice: string | undefined): 'done' | 'wait' {
  const { s } = c;
  const f = s.formations.find((x) => x.id === t.formation);
  if (!f || f.leader !== null) return 'done';
  const hexes = [
    ...new Set(s.units.filter((u) => u.formation === f.id && alive(u)).map((u) => u.hex!)),
  ].sort();
  if (!hexes.length) return 'done';
  const reserves = s.leaders.filter(
    (l) =>
      l.side === t.side &&
      l.role === 'reserve' &&
      !l.eliminated &&
      l.hex !== null &&
      (l.formation === null || s.formations.find((x) => x.id === l.formation)?.kind === 'independent'),
  );
  const options = [
    ...hexes.map((h) => ({ label: `an aide-de-camp at ${h}`, value: `aide@${h}` })),
    ...reserves.map((l) => ({ label: `${l.name} takes command (8.1)`, value: `reserve:${l.id}` })),
  ];
  if (choice === undefined && options.length > 1)
    return ask(c, t, {
      side: t.side,
      kind: 'aide',
      text: `replace the fallen leader of ${f.name} (9.4)`,
      options,
      default: 0,
    });
  const v = choice ?? options[0]!.value;
  if (v.startsWith('reserve:')) {
    const l = reserves.find((x) => `reserve:${x.id}` === v);
    if (l) {
      const old = s.formations.find((x) => x.id === l.formation);
      if (old && old.leader === l.id) old.leader = null;
      l.formation = f.id;
      f.leader = l.id;
      c.events.push(
        ev('reserve-leader', `${l.name} takes command of ${f.name} to the end of the battle (8.1).`, {
          leader: l.id,
          formation: f.id,
        }),
      );
      return 'done';
    }
  }
  const hex = v.startsWith('aide@') && hexes.includes(v.slice(5)) ? v.slice(5) : hexes[0]!;
  s.aides++;
  const id = `aide-${s.aides}`;
  s.leaders.push({
    id,
    side: t.side,
    name: `Aide-de-camp of ${f.name}`,
    role: 'aide',
    activation: s.leaderRules.aide.activation,
    commandRange: s.leaderRules.aide.commandRange,
    ma: s.leaderRules.formationLeaderMa,
    hex,
    formation: f.id,
    eliminated: false,
    outOfCommand: false,
    blockedThrough: 0,
  });
  f.leader = id;
  c.events.push(
    ev('aide', `An aide-de-camp takes over ${f.name} at ${hex} (9.4).`, { leader: id, formation: f.id, hex }),
  );
  return 'done';
}

// --- 10.1 / 11 reaction fire and the shock ------------------------------------------------------

/** Targets a reactor may fire at: an infantry defender at attackers in its front; a battery within range. */
export function reactionTargets(s: TacState, env: Env, reactor: UnitState, attackers: string[]): UnitState[] {
  if (!alive(reactor) || reactor.routed) return [];
  const att = attackers.map((id) => unitOf(s, id)).filter(alive);
  if (isArtillery(reactor)) return att.filter((a) => batteryCanFireAt(s, env, reactor, a.hex!));
  const front = frontHexes(s, env, reactor);
  return att.filter((a) => front.includes(a.hex!));
}

function reaction(
  c: Ctx,
  t: Extract<Task, { kind: 'reaction' }>,
  choice: string | undefined,
): 'done' | 'wait' {
  const { s, env } = c;
  const r = unitOf(s, t.reactor);
  if (!alive(r)) return 'done';
  const targets = reactionTargets(s, env, r, t.attack.attackers);
  if (!targets.length) return 'done';
  if (choice === undefined)
    return ask(c, t, {
      side: r.side,
      kind: 'reaction',
      text: `reaction fire by ${r.name} before the shock (${isArtillery(r) ? '10.1' : '11'})`,
      options: [
        { label: 'hold fire', value: 'hold' },
        ...targets.map((x) => ({ label: `fire at ${x.name}`, value: x.id })),
      ],
      default: 1,
    });
  const target = targets.find((x) => x.id === choice);
  if (target) resolveFire(c, r, target, 'reaction fire');
  return 'done';
}

function shock(c: Ctx, t: Extract<Task, { kind: 'shock' }>): void {
  const { s } = c;
  const plan = t.attack;
  const attackers = plan.attackers
    .map((id) => unitOf(s, id))
    .filter((u): u is UnitState => alive(u) && !u.routed);
  if (!attackers.length) {
    c.events.push(ev('shock-off', 'The attack is called off: no attacker is left in order (11).'));
    return;
  }
  // 10.3: lone batteries attacked are destroyed after their reaction fire.
  for (const id of plan.defenders) {
    const d = unitOf(s, id);
    if (alive(d) && loneBattery(s, d)) eliminate(c, d, '10.3: a lone battery attacked');
  }
  const defenders = plan.defenders
    .map((id) => unitOf(s, id))
    .filter((u): u is UnitState => alive(u) && !isArtillery(u));
  if (!defenders.length) {
    s.tasks.unshift({
      kind: 'advance',
      side: plan.side,
      hexes: plan.defenderHexes,
      units: attackers.map((u) => u.id),
    });
    return;
  }
  const charged = (u: UnitState) => (s.activation?.charge[u.id] ?? 0) >= 2;
  const { att, def, result } = rollShock(
    c,
    { ...plan, attackers: attackers.map((u) => u.id), defenders: defenders.map((u) => u.id) },
    charged,
  );
  const tasks: Task[] = [];
  // 11.7: the vacated hexes are where the units stood before the results (an E removes them).
  const defHexes = def.map((u) => u.hex!);
  const attHexes = att.map((u) => u.hex!);
  const sides: { side: Side; units: UnitState[]; r: typeof result.attacker; from: string[] }[] = [
    { side: plan.side, units: att, r: result.attacker, from: defHexes },
    { side: otherSide(plan.side), units: def, r: result.defender, from: attHexes },
  ];
  // 11.5 order: losses (and * on Disorganized cavalry), then Disorganization, then retreat.
  for (const x of sides) {
    if (x.r.e) {
      for (const u of x.units) eliminate(c, u, '11.5: E');
      continue;
    }
    if (x.r.star)
      for (const u of x.units)
        if (isCavalry(u) && u.disorganized) eliminate(c, u, '11.5 / 12.3: Disorganized cavalry cut up (*)');
    if (x.r.loss)
      tasks.push({
        kind: 'loss',
        side: x.side,
        units: x.units.map((u) => u.id),
        cp: x.r.loss,
        why: '11.5 shock loss',
      });
  }
  for (const x of sides)
    if (x.r.d && !x.r.e) for (const u of x.units) tasks.push({ kind: 'disorg', unit: u.id, why: '11.5: D' });
  for (const x of [sides[1]!, sides[0]!])
    if (x.r.retreat && !x.r.e)
      for (const u of x.units) tasks.push({ kind: 'retreat', unit: u.id, hexes: x.r.retreat, from: x.from });
  const defBeaten = result.defender.e || result.defender.retreat > 0;
  const attBeaten = result.attacker.e || result.attacker.retreat > 0;
  if (defBeaten)
    tasks.push({
      kind: 'advance',
      side: plan.side,
      hexes: defHexes,
      units: att.map((u) => u.id),
    });
  else if (attBeaten)
    tasks.push({
      kind: 'advance',
      side: otherSide(plan.side),
      hexes: attHexes,
      units: def.map((u) => u.id),
    });
  s.tasks.unshift(...tasks);
}

// --- 12.5 rally ------------------------------------------------------------------------------

function rally(c: Ctx, t: Extract<Task, { kind: 'rally' }>): void {
  const { s, env } = c;
  const u = unitOf(s, t.unit);
  if (!alive(u) || !u.routed) return;
  if (zocOf(s, env, otherSide(u.side)).has(u.hex!)) {
    c.events.push(ev('rally', `${u.name} is in an enemy ZOC and keeps routing (12.5).`, { unit: u.id }));
    s.tasks.unshift({ kind: 'rout-move', unit: u.id, hexes: 3 });
    return;
  }
  let mod = 0;
  const friendsLeaders = s.leaders.filter((l) => l.side === u.side && !l.eliminated && l.hex !== null);
  if (friendsLeaders.some((l) => l.role === 'cinc' && l.hex === u.hex)) mod -= 2;
  else if (
    friendsLeaders.some(
      (l) => (l.role !== 'reserve' || l.formation !== null) && distance(l.hex!, u.hex!) <= 1,
    )
  )
    mod -= 1;
  const die = rollD6(s);
  const ok = die + mod <= effMorale(s, env, u);
  c.events.push(
    ev(
      'rally',
      `${u.name} rally check: d6 ${die}${mod ? ` ${mod}` : ''} vs morale ${u.morale}: ${ok ? 'rallied' : 'keeps routing'} (12.5).`,
      { unit: u.id, die },
    ),
  );
  if (ok) u.routed = false;
  else s.tasks.unshift({ kind: 'rout-move', unit: u.id, hexes: 3 });
}
