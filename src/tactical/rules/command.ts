// Command (8, 9): phase A verification of formation leaders against the C-in-C's range, the
// activation check of an out-of-command leader (8.3), units in command at the instant of
// activation (9.1) through the leader's range or a battle line (9.3).
import { rollD6 } from '../../kernel/index.js';
import type { Env } from '../env.js';
import { type Ctx, ev } from '../events.js';
import type { Activation, Side, TacState, UnitState } from '../state.js';
import { commandBlocked, commandReach, distance, leaderOf, lineLinked } from './board.js';

export function cincOf(s: TacState, side: Side) {
  return s.leaders.find((l) => l.side === side && l.role === 'cinc' && !l.eliminated && l.hex !== null);
}

/** 4.A / 8.2 / 8.3: every formation leader out of the C-in-C's range gets an Out of Command marker. */
export function verifyCommand(c: Ctx): void {
  const { s, env } = c;
  for (const side of ['prussia', 'austria'] as const) {
    const cinc = cincOf(s, side);
    const reach = cinc
      ? commandReach(env, cinc.hex!, cinc.commandRange, commandBlocked(s, env, side))
      : new Map<string, number>();
    for (const l of s.leaders) {
      if (l.side !== side || l.eliminated || l.hex === null || l.role === 'cinc' || l.formation === null)
        continue;
      l.outOfCommand = !reach.has(l.hex);
      if (l.outOfCommand)
        c.events.push(
          ev(
            'out-of-command',
            `${l.name} is Out of Command (8.3)${cinc ? '' : ': the army has no Commander in chief'}.`,
            { leader: l.id, side },
          ),
        );
    }
  }
}

/** 9.1 / 9.3: the units of a formation in command now (leader's range, then battle lines). */
export function unitsInCommand(s: TacState, env: Env, formation: string): string[] {
  const f = s.formations.find((x) => x.id === formation);
  if (!f) return [];
  const units = s.units.filter((u) => u.formation === formation && !u.eliminated && u.hex !== null);
  const leader = f.leader ? leaderOf(s, f.leader) : undefined;
  // A leaderless formation (independents whose reserve leader left) is commanded by the C-in-C (ruling 8.1).
  const source = leader && !leader.eliminated && leader.hex !== null ? leader : cincOf(s, f.side);
  if (!source || source.hex === null) return [];
  const reach = commandReach(env, source.hex, source.commandRange, commandBlocked(s, env, f.side));
  const inCmd = new Set(units.filter((u) => reach.has(u.hex!)).map((u) => u.id));
  // 9.3: battle lines carry command along flank-to-flank neighbours (cavalry: any adjacency).
  let grew = true;
  while (grew) {
    grew = false;
    for (const u of units) {
      if (inCmd.has(u.id)) continue;
      if (units.some((v) => inCmd.has(v.id) && lineLinked(s, env, u, v))) {
        inCmd.add(u.id);
        grew = true;
      }
    }
  }
  return units.filter((u) => inCmd.has(u.id)).map((u) => u.id);
}

export function emptyActivation(side: Side, formations: string[]): Activation {
  return {
    side,
    formations,
    stage: 'move',
    inCommand: [],
    failed: [],
    current: null,
    finished: [],
    mp: {},
    charge: {},
    leaderDist: {},
    defended: [],
    withdrew: [],
  };
}

/** 5 / 8.3 / 9.1: activate formations: flip their leaders, check out-of-command leaders, fix who is in command. */
export function startActivation(c: Ctx, side: Side, formations: string[]): void {
  const { s, env } = c;
  const a = emptyActivation(side, formations);
  for (const fid of formations) {
    const f = s.formations.find((x) => x.id === fid)!;
    f.activated = true;
    // 9: the leader's movement allowance is fresh for each activation.
    if (f.leader) delete s.leaderMoves[f.leader];
    const l = f.leader ? leaderOf(s, f.leader) : undefined;
    if (l?.outOfCommand) {
      const die = rollD6(s);
      const pass = die <= l.activation;
      c.events.push(
        ev(
          'activation-check',
          `${l.name} is Out of Command: activation check d6 ${die} vs ${l.activation}: ${pass ? 'passed' : 'failed'} (8.3).`,
          { leader: l.id, die, pass },
        ),
      );
      if (!pass) {
        a.failed.push(fid);
        continue;
      }
    }
    const inCmd = unitsInCommand(s, env, fid);
    a.inCommand.push(...inCmd);
    for (const u of s.units)
      if (u.formation === fid && !u.eliminated && u.hex === null && u.entry) a.inCommand.push(u.id);
    const lh = l && !l.eliminated ? l.hex : null;
    for (const u of s.units)
      if (u.formation === fid && u.hex !== null && lh !== null) a.leaderDist[u.id] = distance(u.hex, lh);
    c.events.push(
      ev('activated', `${side} activates ${f.name}: ${inCmd.length} unit(s) in command (5, 9.1).`, {
        side,
        formation: fid,
        inCommand: inCmd,
      }),
    );
  }
  s.activation = a;
  s.stepNo++;
}

/** Formations of a side still to activate this turn (formations with nothing left count as done). */
export function formationsLeft(s: TacState, side: Side): string[] {
  return s.formations
    .filter((f) => f.side === side && !f.activated && formationAlive(s, f.id))
    .map((f) => f.id);
}

export function formationAlive(s: TacState, fid: string): boolean {
  return s.units.some(
    (u: UnitState) => u.formation === fid && !u.eliminated && (u.hex !== null || u.entry !== undefined),
  );
}
