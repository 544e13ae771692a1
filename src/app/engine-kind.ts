// A RulesEngine that hosts two engines, one per kind of game (issue 15): `forKind` gives the one a
// game's kind names (the service sets games up and replays them with it); calls that take a state
// go to the engine whose state it is (a tactical state carries `kind: 'tactical'`).
import { type EngineVersions, FIRST_VERSIONS, type RulesEngine } from './engine-port.js';

export const GAME_KINDS = ['campaign', 'battle'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

export function isGameKind(x: unknown): x is GameKind {
  return typeof x === 'string' && (GAME_KINDS as readonly string[]).includes(x);
}

export function isBattleState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { kind?: unknown }).kind === 'tactical';
}

export interface KindedEngine extends RulesEngine<unknown> {
  forKind(kind: GameKind): RulesEngine<unknown>;
  /** The kind of game a scenario id makes, or undefined when neither engine knows it. */
  kindOf(scenario: string): GameKind | undefined;
}

/** The engine for a game's kind: a KindedEngine's part, or the engine itself (a single-kind engine). */
export function engineForKind(engine: RulesEngine<unknown>, kind: string): RulesEngine<unknown> {
  const k = engine as Partial<KindedEngine>;
  return typeof k.forKind === 'function' && isGameKind(kind) ? k.forKind(kind) : engine;
}

/** The rules and map version the engine for a game's kind plays (FIRST_VERSIONS when it says none). */
export function versionsForKind(engine: RulesEngine<unknown>, kind: string): EngineVersions {
  return engineForKind(engine, kind).versions ?? FIRST_VERSIONS;
}

export function kindedEngine(o: {
  campaign: RulesEngine<unknown>;
  battle: RulesEngine<unknown>;
  battleScenarios: readonly string[];
}): KindedEngine {
  const by = (state: unknown) => (isBattleState(state) ? o.battle : o.campaign);
  const kindOf = (scenario: string): GameKind | undefined =>
    o.battleScenarios.includes(scenario) ? 'battle' : o.campaign.seats(scenario) ? 'campaign' : undefined;
  const e: KindedEngine = {
    forKind: (kind) => (kind === 'battle' ? o.battle : o.campaign),
    kindOf,
    setup: (scenario, seed, options) =>
      (kindOf(scenario) === 'battle' ? o.battle : o.campaign).setup(scenario, seed, options),
    seats: (scenario) => (kindOf(scenario) === 'battle' ? o.battle : o.campaign).seats(scenario),
    apply: (state, seat, action) => by(state).apply(state, seat, action),
    legalActions: (state, seat) => by(state).legalActions(state, seat),
    pendingSeats: (state) => by(state).pendingSeats(state),
    view: (state, seat) => by(state).view(state, seat),
    isOver: (state) => by(state).isOver(state),
    step: (state) => by(state).step(state),
    autopilot(state, seat, level) {
      const x = by(state);
      return x.autopilot ? x.autopilot(state, seat, level) : { type: 'done' };
    },
    involved(state, seat, events) {
      const x = by(state);
      return x.involved ? x.involved(state, seat, events) : false;
    },
  };
  return e;
}
