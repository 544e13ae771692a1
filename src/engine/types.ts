// The game state model of the strategic engine. Everything here is plain JSON so a state can be
// stored, diffed and replayed; nothing holds functions, classes, Maps or Dates.
import type { RuleError } from '../kernel/errors.js';
import type { RngState } from '../kernel/rng.js';
import type { HexId } from '../map/types.js';
import type { CombatHookState } from './combat/actions.js';
import type { ExchangeHookState } from './prisoners/actions.js';
import type { SiegeHookState } from './siege/actions.js';

/** The typed slots of state.combat.hook: what each interactive phase keeps between actions. */
export interface PhaseSlots {
  combat?: CombatHookState;
  siege?: SiegeHookState;
  exchange?: ExchangeHookState;
}

export type { HexId };

/** One seat per nationality (architecture.md). A seat's side comes from `state.seatSide`. */
export const NATIONALITIES = [
  'prussia',
  'hanover',
  'austria',
  'france',
  'russia',
  'sweden',
  'empire',
] as const;
export type Nationality = (typeof NATIONALITIES)[number];
export type Seat = Nationality;
export const SIDES = ['prussian-allied', 'coalition'] as const;
export type Side = (typeof SIDES)[number];

/**
 * The side each nationality plays for unless the scenario moves it (its `control`, e.g. 1762
 * Russia): the one table of it; a game's own is `state.seatSide`.
 */
export const DEFAULT_SIDE: Readonly<Record<Nationality, Side>> = {
  prussia: 'prussian-allied',
  hanover: 'prussian-allied',
  austria: 'coalition',
  france: 'coalition',
  russia: 'coalition',
  sweden: 'coalition',
  empire: 'coalition',
};

export type ScenarioId = '1756' | '1757' | '1758' | '1759' | '1760' | '1761' | '1762';
export const SCENARIO_IDS: readonly ScenarioId[] = ['1756', '1757', '1758', '1759', '1760', '1761', '1762'];

/** Strength Points of one nationality in one hex, split by 12.11 inside/outside the fortress. */
export interface NationSp {
  out: number;
  in: number;
}

/** The SP in a hex per nationality (3.2 / 7.33: SP are fungible, only the totals matter). */
export type HexForces = Partial<Record<Nationality, NationSp>>;

export type LeaderStatus =
  /** on the map */
  | 'map'
  /** due as a reinforcement (15), not yet placed */
  | 'pending'
  /** held as a prisoner of war by the enemy side (14) */
  | 'captured'
  /** killed by an "L" result (9.44) */
  | 'killed'
  /** removed from play by a scenario rule (Russian withdrawal, 1762 Swedish removal) */
  | 'removed';

export interface LeaderState {
  id: string;
  name: string;
  nationality: Nationality;
  /** 8.11: lower number = higher rank. */
  rank: number;
  initiative: number;
  attack: number;
  defence: number;
  status: LeaderStatus;
  /** Hex when status is 'map'. */
  hex: HexId | null;
  /** 12.11 inside the fortress of its hex. */
  inside: boolean;
}

export interface DepotState {
  hex: HexId;
  /** 10.13: the nationality stacked on top controls the depot; its side may use it. */
  owner: Nationality;
  /** 10.41: placed on top while building; completed at the next own Depot Creation Phase. */
  status: 'building' | 'complete';
  /** Game-Turn on which construction began. */
  placedTurn: number;
  /** 1757 special: the Russian depot linked to a fortress off the map (always linked, 10.12 C). */
  offMapLink?: boolean;
}

/** The steps of a Player-Turn (4.2 A/B) plus the two end-of-turn phases (4.2 C/D). */
export type PhaseName =
  | 'reinforcement'
  | 'morale'
  | 'depot'
  | 'march'
  | 'forcemarch'
  | 'combat'
  | 'siege'
  | 'attrition'
  | 'prisoner-exchange'
  | 'turn-advance';

/** A force in the middle of its move: it may continue while it has MP (5.53 A), until another action. */
export interface ActiveForce {
  leader: string;
  nationality: Nationality;
  kind: 'march' | 'forcemarch';
  hex: HexId;
  mpLeft: number;
  /** SP of the leader's nationality carried (5.35). */
  sp: number;
  /** Lower-ranked leaders carried (5.35, 5.36). */
  leaders: string[];
  /** 5.54: entered an enemy hex across a pass without a successful Overwhelming Attack. */
  pinnedByPass: boolean;
  /** 5.58: hexes where this force already attempted an Overwhelming Attack. */
  overwhelmedAt: HexId[];
  /** 11.11: the force was demoralized when its move began (contagion, 11.15, applies where it ends). */
  demoralized: boolean;
  /** 11.16: a demoralized force may carry SP of other nationalities. */
  otherSp: Partial<Record<Nationality, number>>;
}

/** Bookkeeping of the current movement phase (5.33-5.36). Reset at each movement phase. */
export interface MovementRecord {
  /** The single March roll of 5.1 (null during a force march phase). */
  roll: number | null;
  /** Leaders that have moved or were carried this phase (5.36). */
  moved: string[];
  /** Leaders bypassed under 5.34 (may not move this phase). */
  bypassed: string[];
  /** SP that ended a move in a hex this phase and may not move again (5.36), per hex and nationality. */
  movedSp: Record<HexId, Partial<Record<Nationality, number>>>;
  /** Of the SP inside a fortress, those that moved this phase (3.2: SP are interchangeable, 5.36). */
  movedIn?: Record<HexId, Partial<Record<Nationality, number>>>;
  /** Forces in the middle of a move, at most one per nationality (seats act independently). */
  active: ActiveForce[];
  /** 10.52-10.53: leaders that began this phase out of supply with Initiative 0 or 1. */
  mustResupply?: string[];
  /** 5.54: forces that must attack in the next Combat Phase: hex -> side. */
  mustAttack: Array<{ hex: HexId; side: Side }>;
}

// The RNG's state and the RuleError live in the shared kernel (src/kernel), used by both engines.
export type { RngState };

/** SP counted per nationality. */
export type SpByNation = Partial<Record<Nationality, number>>;

/** Book-keeping that E2 (combat, sieges, prisoners, victory) reads and writes. */
export interface LedgerState {
  /** SP eliminated (combat, attrition, force march, storm, sortie), per nationality: 17 VP. */
  eliminated: SpByNation;
  /** SP removed from play without counting as eliminated (13.33 honours with no garrison, withdrawals). */
  removed: SpByNation;
  /** Prisoners held, by the holding side, per nationality of the prisoners (14). */
  prisoners: Record<Side, SpByNation>;
  /** Leader ids held as prisoners, by holding side. */
  prisonerLeaders: Record<Side, string[]>;
  /** SP set up at the start plus reinforcements placed so far, per nationality (fuzz invariant). */
  entered: SpByNation;
  /** The end-of-game exchange (1757 B) has been made on this state (when the game ended). */
  endExchanged?: boolean;
}

/** Per-phase flags for the Combat Phase and sieges (9.12, 12.23, 13.14). E2 owns their meaning. */
export interface CombatRecord {
  /** Hexes where a battle was fought this Combat Phase (9.12). */
  fought: HexId[];
  /** Hexes whose besiegers took part in combat this Combat Phase (12.23). */
  besiegersFought: HexId[];
  /** Hexes committed to battle: both forces there are revealed to the two sides (9.0). */
  committed: HexId[];
  /** Each interactive phase module's own state between actions (plain JSON), one typed slot each. */
  hook: PhaseSlots;
}

export interface ScenarioRulesState {
  /** 1756: Empire (Saxon) units never leave Saxony. */
  saxonsStayInSaxony?: boolean;
  /** 1757/1758: Hanoverians never east of Magdeburg until the Coalition captures it. */
  hanoverNotEastOfMagdeburg?: boolean;
  /** 1759: Hanoverians never east of the Elbe. */
  hanoverNotEastOfElbe?: boolean;
  /** 1758-1762: Empire units never west of the Rhine. */
  empireNotWestOfRhine?: boolean;
  /** 1760/1761: from this turn on, roll at the start of each turn; a 1 removes all Russians. */
  russianWithdrawalFromTurn?: number;
  /** 1762: on this turn all Swedish units are removed and Swedish Pomerania closes. */
  swedishRemovalTurn?: number;
  /** 1762: on this turn all Russian units are removed. */
  russianRemovalTurn?: number;
  /** 1756: only fortresses in these regions exist for any purpose. */
  fortressRegions?: string[];
  /** Fortresses nobody controls for victory (1762 Stralsund). */
  noControlFortresses?: HexId[];
  /** 1756: besieged Saxons must surrender if denied the honours of war (for E2). */
  saxonsMustSurrender?: boolean;
  /** 1761: a fortified camp may be built in Silesia after Turn 7 (not yet implemented). */
  fortifiedCampAfterTurn?: number;
  /** Prisoner exchange permissions (14.11 note), read by E2. */
  prisonerExchange: PrisonerExchangeRule[];
  /** The rulebook's label of each special rule above ("1757 A": special rule A of 1757), for refusals. */
  labels?: Partial<Record<ScenarioRuleKey, string>>;
}

/** The special rules a scenario file may switch on (its `rules` keys other than labels). */
export type ScenarioRuleKey = Exclude<keyof ScenarioRulesState, 'labels'>;

export interface PrisonerExchangeRule {
  /** Prisoners of these nationalities ... */
  a: Nationality[];
  /** ... are exchanged for prisoners of these. */
  b: Nationality[];
  /** 'even' = each even turn; 'end' = at the end of the game; or a list of turns. */
  turns: 'even' | 'end' | number[];
}

/** One public siege roll (13.0): the turn, the garrison's side, the die and the modified roll. */
export interface SiegeRollRecord {
  turn: number;
  garrison: Side;
  die: number;
  modified: number;
}

export interface ReinforcementState {
  id: string;
  turn: number;
  nationality: Nationality;
  sp: number;
  leaders: string[];
  hex: HexId;
  depot: boolean;
  uncertain: boolean;
  arrived: boolean;
}

export interface GameState {
  /** Format version of this JSON shape. */
  schema: 1;
  /** Incremented by every successful apply (optimistic concurrency in the game service). */
  version: number;
  scenario: ScenarioId | string;
  turn: number;
  firstTurn: number;
  lastTurn: number;
  /** Whose Player-Turn it is (4.2: the Prussian-Allied Player-Turn comes first). */
  phasing: Side;
  phase: PhaseName;
  /** Seats still to act in the current step (several seats of a side act independently). */
  pending: Seat[];
  /** Which side each seat belongs to (1762: the Russian seat plays for the Prussian-Allied side). */
  seatSide: Record<Seat, Side>;
  forces: Record<HexId, HexForces>;
  leaders: Record<string, LeaderState>;
  depots: Record<HexId, DepotState>;
  /** 11: hexes holding a demoralized force, per side (the marker covers the side's units there). */
  demoralized: Record<Side, HexId[]>;
  movement: MovementRecord;
  combat: CombatRecord;
  ledger: LedgerState;
  reinforcements: ReinforcementState[];
  rules: ScenarioRulesState;
  /** 13.12-13.13: fortress hexes currently besieged (derived; refreshed after every step). */
  besieged: HexId[];
  /** Fortresses captured by a side during the game (hex -> capturing side), e.g. Magdeburg in 1757. */
  captured: Record<HexId, Side>;
  /** Side that last garrisoned each fortress hex (to detect captures). */
  fortressControl: Record<HexId, Side>;
  /**
   * The last siege roll at each fortress (13.0): public, since the roll and its modified value are
   * announced to all; the difference tells both players the garrison's modifier (the commander's
   * Initiative, 13.0, and any fortified camp), which the view otherwise hides (12.11). Absent in
   * games begun before rules version 4.
   */
  siegeRolls?: Record<HexId, SiegeRollRecord>;
  /** 1761 C: hexes holding a completed Prussian fortified camp (read by the siege hook). */
  fortifiedCamps?: HexId[];
  /** 1761 C: the fortified camp under construction, if any. */
  campBuilding?: { hex: HexId; placedTurn: number } | null;
  rng: RngState;
  /**
   * Issue #16: campaign battles fought out on the tactical map, where the host registered a
   * tactical host (combat/tactical-host.ts useTacticalHost). Absent: off (games begun before the
   * setting existed replay unchanged); the service gives new campaigns offer / 6 SP.
   */
  tactical?: TacticalSettings;
  /**
   * Issue #16 (design 5.2): per hex and nationality, the adjacent hex its force last entered this hex
   * from (rules/arrivals.ts). Absent (games without a tactical setting, or begun before): unknown.
   */
  arrivedVia?: Record<HexId, Partial<Record<Nationality, HexId>>>;
  over: null | { reason: 'last-turn' | 'winter-quarters' | 'forfeit'; turn: number };
  /** Log of the last apply's events is not kept here: apply returns them. */
}

/** Issue #16 (design 5.1): when a committed field battle goes to the tactical map. */
export interface TacticalSettings {
  mode: 'off' | 'offer' | 'always';
  /** Each side needs at least this many SP in the hex. */
  minSp: number;
  /**
   * The time budget: at most this many tactical game turns (the bridge's own limit, design 5.5,
   * when lower or absent). Each tactical step also has the service's deadline, after which the
   * autopilot plays the awaited seat's step.
   */
  maxTurns?: number;
  /**
   * How a seat held by the autopilot answers "fight it out?" (absent: accept, so a person playing
   * against the computer decides alone whether the battle is fought tactically).
   */
  autopilot?: Partial<Record<Seat, 'accept' | 'decline'>>;
}

export type Visibility = { to: 'all' } | { to: 'sides'; sides: Side[] } | { to: 'seats'; seats: Seat[] };

export interface GameEvent {
  kind: string;
  /** A short player-readable sentence. */
  text: string;
  vis: Visibility;
  data?: Record<string, unknown>;
}

export type { RuleError };

export function isNationality(x: string): x is Nationality {
  return (NATIONALITIES as readonly string[]).includes(x);
}
