// The state of a Leuthen battle: plain JSON (stored as text, replayed from setup + seed + actions).
// The static scenario values each counter plays with are copied in at setup, so a saved state is
// self-contained apart from the map (held by id, see env.ts) and the tables.
import type { RngState } from '../kernel/index.js';
import type { Arm, Side, VictoryData } from './schema.js';

export type { Side };

export type PhaseName =
  | 'deployment'
  | 'strategic'
  | 'verification'
  | 'barrage'
  | 'operations'
  | 'command'
  | 'rally'
  | 'over';

export interface UnitState {
  id: string;
  side: Side;
  formation: string;
  name: string;
  arm: Arm;
  flags: string[];
  /** Current combat points (0 for batteries). */
  cp: number;
  /** Combat points at set-up (1: losses flip the counter). */
  cpStart: number;
  ma: number;
  morale: number;
  firePoints: number;
  /** null: off the map (not yet entered, Scenario 2) or eliminated. */
  hex: string | null;
  facing: number;
  disorganized: boolean;
  routed: boolean;
  eliminated: boolean;
  /** Scenario 2: the entry hex and the order in its column. */
  entry?: { hex: string; order: number };
  /** Turn in which the unit moved / attacked (5: each unit moves and attacks once per turn). */
  movedTurn: number | null;
  attackedTurn: number | null;
  /** 10.1 / 5: the battery fired in the Barrage Phase of this turn (Initial Fire marker). */
  barrageTurn: number | null;
  /** Scenario 1: the unit may not be activated through this turn. */
  blockedThrough: number;
  /** Taken prisoner in the aftermath (ruling Aftermath); set only then, with eliminated. */
  captured?: boolean;
}

export interface LeaderState {
  id: string;
  side: Side;
  name: string;
  role: 'cinc' | 'formation' | 'reserve' | 'aide';
  activation: number;
  commandRange: number;
  ma: number;
  hex: string | null;
  /** The formation he leads now (reserve leaders: the independents, or a leaderless formation, 8.1). */
  formation: string | null;
  successor?: string;
  /** 8.4: what his fall does to his side (the scenario's mark; none: the army is leaderless for a turn). */
  onFall?: 'defeat';
  eliminated: boolean;
  /** 8.3: Out of Command marker received in phase A. */
  outOfCommand: boolean;
  /** Scenario 1: may not be activated through this turn (set up on or north of the block column). */
  blockedThrough: number;
  /** Scenario 2: off the map, he enters with the first unit entering at this hex (ruling). */
  entry?: { hex: string };
}

export interface FormationState {
  id: string;
  side: Side;
  name: string;
  kind: 'infantry' | 'cavalry' | 'independent';
  leader: string | null;
  /** 5: activated (leader flipped) this turn. */
  activated: boolean;
}

/** One formation activation in progress (5, 9.1). */
export interface Activation {
  side: Side;
  formations: string[];
  /** 5: movement, then combat; the first attack closes movement. */
  stage: 'move' | 'combat';
  /** 9.1: units in command at the instant of activation. */
  inCommand: string[];
  /** 8.3: formations whose out-of-command leader failed the activation check. */
  failed: string[];
  /** 7.1: the unit moving now; moving another one finishes it. */
  current: string | null;
  finished: string[];
  /** MP spent per unit / leader in this activation. */
  mp: Record<string, number>;
  /** 11.2 charge: straight hexes of clear terrain moved without changing facing. */
  charge: Record<string, number>;
  /** 9.2: distance to the formation leader at activation (out-of-command units may not increase it). */
  leaderDist: Record<string, number>;
  /** 11.2: defenders already attacked by this activation. */
  defended: string[];
  /** 7.3: units that withdrew (only facing changes remain). */
  withdrew: string[];
}

export interface Segment {
  no: number;
  rolls: { prussia: number; austria: number } | null;
  winner: Side | null;
  double: boolean;
  /** Sides still to activate in this segment, in order. */
  queue: Side[];
  /** 4.C: the winner chose to let the loser go first (then one formation only). */
  yielded: boolean;
}

/** A decision a side must take in the middle of a resolution (retreat path, loss, advance, ...). */
export interface Prompt {
  side: Side;
  kind: 'loss' | 'retreat' | 'displace' | 'advance' | 'aide' | 'reaction';
  text: string;
  options: { label: string; value: string }[];
  /** Index of the option a timeout takes. */
  default: number;
}

/** Prompts a standing order may answer (issue 15; rules/standing.ts). */
export type StandingKind = 'retreat' | 'displace' | 'advance' | 'loss' | 'reaction';

/** A side's standing answer to a kind of prompt, for a unit, a formation or `all` its units. */
export interface StandingOrder {
  side: Side;
  subject: string;
  kind: StandingKind;
  policy: string;
}

/** Pending resolution work, run in order (tasks.ts); a task may stop on a Prompt. */
export type Task =
  | { kind: 'loss'; side: Side; units: string[]; cp: number; why: string }
  | { kind: 'disorg'; unit: string; why: string }
  | { kind: 'retreat'; unit: string; hexes: number; from: string[]; displaced?: boolean }
  | { kind: 'rout-move'; unit: string; hexes: number; passed?: number }
  | { kind: 'advance'; side: Side; hexes: string[]; units: string[] }
  | { kind: 'aide'; side: Side; formation: string }
  | { kind: 'reaction'; attack: ShockPlan; reactor: string }
  | { kind: 'shock'; attack: ShockPlan }
  | { kind: 'rally'; unit: string };

export interface ShockPlan {
  side: Side;
  attackers: string[];
  defenders: string[];
  /** Attacker hexes at declaration (retreat direction, advance). */
  attackerHexes: string[];
  defenderHexes: string[];
}

export interface Ledger {
  /** CP lost by units still on the map or eliminated (1 / 11.5 / 11.6 / 12.3). */
  cpLost: number;
  cpEliminated: number;
  batteriesLost: number;
  leadersLost: string[];
  /** CP taken prisoner in the aftermath (ruling Aftermath); absent until then. Not in cpLost. */
  prisoners?: number;
}

/** What the aftermath did (ruling Aftermath): recorded on `over` for the result lines and the replay. */
export interface Aftermath {
  /** The side that took the prisoners (null: a draw, nobody pursues). */
  captor: Side | null;
  /** The 9.0-style scores: enemy CP removed (lost and routed taken) + own commander's Initiative. */
  score: { prussia: number; austria: number };
  /** CP of routed units taken whole. */
  routedCp: number;
  /** CP taken for the score difference (9.0), after the routed. */
  pursuitCp: number;
  /** Total CP taken prisoner (routedCp + pursuitCp). */
  prisoners: number;
  /** Units taken (whole or in part), in the order taken. */
  units: { unit: string; cp: number; whole: boolean }[];
}

export interface Over {
  winner: Side | null;
  level: 'draw' | 'marginal' | 'substantive' | 'decisive';
  reason: string;
  turn: number;
  vp?: { prussia: number; austria: number };
  /** Present when the scenario has an aftermath (ruling Aftermath), once it has run. */
  aftermath?: Aftermath;
}

/** Secret simultaneous deployment before turn 1 (design 5.4, ruling "Deployment"). */
export interface DeploymentState {
  /** Hex rows (YY of XXYY) each side may deploy in. */
  zones: Record<Side, number[]>;
  /** Sides that committed their deployment (they wait for the other). */
  committed: Side[];
  /** The autopilot template: the scenario's set-up positions (`{type:'deploy', template:'auto'}`). */
  template: {
    units: Record<string, { hex: string; facing: number }>;
    leaders: Record<string, string | null>;
  };
  /** Scenario 1's activation block, applied to the deployed positions when both have committed. */
  block: { maxColumn: number; throughTurn: number; exemptIndependent: boolean } | null;
}

export interface TacState {
  kind: 'tactical';
  version: number;
  scenario: string;
  map: string;
  seed: number;
  rng: RngState;
  lastTurn: number;
  lastTurnOperations: Side | 'initiative' | 'both';
  initiative: { bonus: { prussia: number; austria: number }; ties: Side };
  barrageFirst: Side;
  victory: VictoryData;
  strategicRules: {
    max: number;
    entrySide: Side;
    entryHexes: string[];
    maMultiplier: number;
    closeRange: number;
    earlyInitiative: { fromTurn: number; threshold: number };
  } | null;
  /** Game turn (1..lastTurn); 0 during Scenario 2's strategic turns. */
  turn: number;
  /** Scenario 2: the strategic turn (1..max) while turn is 0. */
  strategicTurn: number;
  /** Scenario 2: this strategic turn is the last one (early initiative, contact, or the maximum). */
  strategicLast: boolean;
  phase: PhaseName;
  /** The side acting in a one-side-at-a-time step (barrage, strategic movement). */
  actingSide: Side | null;
  /** Sides that finished the current simultaneous step (command phase). */
  doneSides: Side[];
  segment: Segment | null;
  activation: Activation | null;
  units: UnitState[];
  leaders: LeaderState[];
  formations: FormationState[];
  prompt: Prompt | null;
  tasks: Task[];
  /** Walled hexes breached (ruling Breaching): they count as villages. */
  breached: string[];
  /** 8.4: Austrian units count as Disorganized through this turn after Prince Charles falls. */
  leaderlessThrough: { side: Side; turn: number } | null;
  ledger: { prussia: Ledger; austria: Ledger };
  startCp: { prussia: number; austria: number };
  /** 9 / 9.4 / 7.4: leader values from the ratings file. */
  leaderRules: {
    formationLeaderMa: number;
    cincMoveHexes: number;
    aide: { activation: number; commandRange: number };
  };
  /** Hexes moved by leaders in the current activation or Command Phase. */
  leaderMoves: Record<string, number>;
  /** Aides-de-camp created so far (ids). */
  aides: number;
  /** Present while (and after) a scenario with a free deployment is set up; absent: historical set-up. */
  deployment?: DeploymentState | null;
  /** Standing orders for prompts (issue 15). Absent until the first one is set, so games logged
   * before standing orders existed replay to the same states. */
  standing?: StandingOrder[];
  /** Counts steps so the step id changes whenever the game moves on. */
  stepNo: number;
  over: Over | null;
}

export function otherSide(s: Side): Side {
  return s === 'prussia' ? 'austria' : 'prussia';
}
