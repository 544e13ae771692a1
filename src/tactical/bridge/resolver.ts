// The one-call tactical BattleResolver (issue #16; src/engine/combat/resolver.ts): the campaign
// tactical stage played to its end by the autopilot inside one resolve call. It reuses the host
// (host.ts: conversion, field, set-up, outcome) and the stage's autopilot loop
// (engine/combat/tactical-stage.ts), so it is the same battle the players fight in the `tactical`
// stage, only with every seat on the autopilot; the whole battle is a deterministic function of
// the campaign state (seed and leader-fate dice from the campaign's RNG). Ineligible battles (below
// the minimum size, a besieged fortress or a sortie) go to the strategic table (design 5.1).
import type { TacPolicy } from '../../autopilot/tactical/decide.js';
import type { BattleOutcome } from '../../engine/index.js';
import { type BattleResolver, crtResolver, playTacticalAutopilot, totalSp } from '../../engine/index.js';
import type { Side, TacState } from '../state.js';
import { createTacticalHost, type HostSession } from './host.js';

export interface TacticalRecord {
  hex: string;
  seed: number;
  map: string;
  scenario: string;
  steps: number;
  end: TacState;
  outcome: BattleOutcome;
}

export interface TacticalResolverOptions {
  /** Design 5.1: each side needs at least this many SP, else the table decides (default 6). */
  minSp?: number;
  /** How the autopilot plays each tactical side (default: the autopilot). */
  policies?: Partial<Record<Side, TacPolicy>>;
  /** Told about every battle fought tactically (tests, logs). */
  onBattle?(r: TacticalRecord): void;
}

export function createTacticalResolver(o: TacticalResolverOptions = {}): BattleResolver {
  const minSp = o.minSp ?? 6;
  const host = createTacticalHost(o.policies ? { policies: o.policies } : {});
  return {
    id: 'tactical',
    resolve(state, battle, map) {
      const { hex, attacker, defender } = battle;
      const garrisoned = Object.values(state.forces[hex] ?? {}).some((f) => (f?.in ?? 0) > 0);
      if (
        totalSp(attacker.sp) < minSp ||
        totalSp(defender.sp) < minSp ||
        state.besieged.includes(hex) ||
        garrisoned
      )
        return crtResolver.resolve(state, battle, map);
      const start = host.start(state, battle, map, {});
      if ('error' in start) return start;
      const b = { hex, attacker: attacker.side, seats: start.seats, session: start.session };
      const first = (start.session as HostSession).tac;
      playTacticalAutopilot(state, host, b, undefined, []);
      const end = (b.session as HostSession).tac;
      if (!end.over) throw new Error(`tactical battle at ${hex} did not end`);
      const outcome = host.outcome(state, b.session);
      o.onBattle?.({
        hex,
        seed: first.seed,
        map: end.map,
        scenario: end.scenario,
        steps: end.version - first.version,
        end,
        outcome,
      });
      return outcome;
    },
  };
}
