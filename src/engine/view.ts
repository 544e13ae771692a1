// view(state, viewer): what one seat (or the public) may see, built by ALLOW-LIST: a fresh object
// is assembled from permitted fields; nothing is copied wholesale from the state. Own side (all
// seats of the viewer's side) sees its strengths; enemy stacks show position, nationality, the
// leader on top of each nationality (8.21), inside/outside the fortress and depots, never SP,
// except what a reveal rule opens (reveal.ts viewHook: 9.0 committed battles, 13.14).
import type { StrategicMap } from '../map/types.js';
import type { Action } from './actions.js';
import type { TacticalViewPart } from './combat/tactical-stage.js';
import { eventsFor } from './events.js';
import { legalActions } from './legal.js';
import { engineMap } from './map-env.js';
import { moduleFor } from './phases/registry.js';
import { viewHook } from './reveal.js';
import { forfeitAvailable } from './rules/forfeit.js';
import { movementAllowance } from './rules/movement.js';
import { computeSupply } from './rules/supply.js';
import { effectiveInitiative } from './state.js';
import type {
  GameEvent,
  GameState,
  HexId,
  LeaderState,
  Nationality,
  PhaseName,
  Seat,
  Side,
  SiegeRollRecord,
} from './types.js';
import { NATIONALITIES, SIDES } from './types.js';
import { finalScore } from './victory/score.js';
import type { VictoryReport } from './victory/victory.js';

export interface ViewLeader {
  id: string;
  name: string;
  nationality: Nationality;
  rank: number;
  inside: boolean;
  initiative?: number;
  attack?: number;
  defence?: number;
  /**
   * 5.1, 16.11, 11.13: in his side's March Phase, once the die is rolled, the leader's Movement
   * Allowance (own side only); while his force is moving, the MP it has left.
   */
  movementAllowance?: number;
  mpLeft?: number;
}

export interface ViewStack {
  side: Side;
  /** Nationalities present outside / inside the fortress. */
  outside: Nationality[];
  inside: Nationality[];
  /** SP per nationality: only for the viewer's own side or a revealed force. */
  sp?: Partial<Record<Nationality, { out: number; in: number }>>;
  /** Own side: every leader; enemy: the top leader of each nationality outside the fortress. */
  leaders: ViewLeader[];
  demoralized: boolean;
}

export interface ViewHex {
  hex: HexId;
  stacks: ViewStack[];
  /**
   * `linked`: 1757 4B, the Russian depot linked to an off-map fortress, operative by itself (public:
   * the scenario rule, and its capture, which cuts the link, is announced).
   */
  depot?: { owner: Nationality; side: Side; status: 'building' | 'complete'; linked?: true };
  besieged: boolean;
}

export interface View {
  viewer: Seat | 'public';
  side: Side | null;
  scenario: string;
  turn: number;
  lastTurn: number;
  phase: PhaseName;
  phasing: Side;
  pending: Seat[];
  version: number;
  over: GameState['over'];
  marchRoll: number | null;
  hexes: ViewHex[];
  /** Prisoners held by each side, per nationality (known to both players). */
  prisoners: Record<Side, Partial<Record<Nationality, number>>>;
  /** Own side only: SP eliminated so far per nationality. */
  eliminated?: Partial<Record<Nationality, number>>;
  /** Own side's forces in the middle of a move. */
  moving?: Array<{ leader: string; hex: HexId; mpLeft: number; sp: number }>;
  reinforcements: Array<{ id: string; turn: number; nationality: Nationality; hex: HexId; arrived: boolean }>;
  legal: Action[];
  events: GameEvent[];
  /**
   * Own side only: its Victory Point total if the game ended now (17.0; after the end-of-game
   * exchange where the scenario has one). Built only from what the side knows: the fortresses it
   * garrisons, its own losses and its own men held prisoner. The enemy's total is never included.
   */
  vp?: { side: Side; value: number; note: string };
  /** 14.15: the Prussian seat may forfeit now (Frederick is a prisoner); absent otherwise. */
  canForfeit?: true;
  /**
   * Own side only (10.0): hexes where the side's units would be in supply now, and the hexes of its
   * own stacks that are not (they face attrition, 10.61). Derived from positions every player sees.
   */
  supply?: HexId[];
  outOfSupply?: HexId[];
  /** 17.0-17.1: once the game is over, the final count for both sides (public to every view). */
  victory?: VictoryReport;
  /**
   * Issue #16: a battle being fought out on the tactical map. Its participants get the tactical
   * seats they hold and the battle as their side sees it; everyone else only where it is.
   */
  combat?: { tactical: TacticalViewPart };
  /**
   * The last siege roll at each fortress (13.0), as announced to all: public to every view. The die
   * less the modified roll is the garrison's modifier (its commander's Initiative, 13.0), which the
   * counters inside do not show (12.11).
   */
  siegeRolls?: Record<HexId, SiegeRollRecord>;
}

/** The March Phase allowance of an own leader once the die is rolled (and the MP left if moving). */
function marchFigures(state: GameState, l: LeaderState): Pick<ViewLeader, 'movementAllowance' | 'mpLeft'> {
  if (state.phase !== 'march' || state.movement.roll === null) return {};
  if (state.seatSide[l.nationality] !== state.phasing || l.status !== 'map') return {};
  const out: Pick<ViewLeader, 'movementAllowance' | 'mpLeft'> = {
    movementAllowance: movementAllowance(state.movement.roll, effectiveInitiative(state, l), state.turn),
  };
  const f = state.movement.active.find((a) => a.leader === l.id);
  if (f) out.mpLeft = f.mpLeft;
  return out;
}

export function view(
  state: GameState,
  viewer: Seat | 'public',
  events: readonly GameEvent[] = [],
  map: StrategicMap = engineMap(),
): View {
  const side: Side | null = viewer === 'public' ? null : state.seatSide[viewer];
  const reveals = viewHook.reveal(state);
  // 'both' reveals go to the two players' seats only; 'all' reveals (13.14) to every view.
  const revealed = (hex: HexId, s: Side) =>
    reveals.some((r) => r.hex === hex && r.side === s && (r.to === 'all' || side !== null));
  const hexIds = new Set<HexId>(Object.keys(state.forces));
  for (const l of Object.values(state.leaders)) if (l.status === 'map' && l.hex) hexIds.add(l.hex);
  for (const d of Object.keys(state.depots)) hexIds.add(d);
  const hexes: ViewHex[] = [];
  for (const hex of [...hexIds].sort()) {
    const hf = state.forces[hex] ?? {};
    const stacks: ViewStack[] = [];
    for (const s of SIDES) {
      const nats = NATIONALITIES.filter((n) => state.seatSide[n] === s);
      const outside = nats.filter((n) => (hf[n]?.out ?? 0) > 0);
      const inside = nats.filter((n) => (hf[n]?.in ?? 0) > 0);
      const leaders = Object.values(state.leaders)
        .filter((l) => l.status === 'map' && l.hex === hex && state.seatSide[l.nationality] === s)
        .sort((a, b) => a.rank - b.rank);
      if (outside.length === 0 && inside.length === 0 && leaders.length === 0) continue;
      const own = side === s;
      const stack: ViewStack = {
        side: s,
        outside,
        inside,
        leaders: [],
        demoralized: state.demoralized[s].includes(hex),
      };
      if (own || revealed(hex, s)) {
        stack.sp = {};
        for (const n of nats) {
          const v = hf[n];
          if (v) stack.sp[n] = { out: v.out, in: v.in };
        }
      }
      if (own) {
        for (const l of leaders)
          stack.leaders.push({
            id: l.id,
            name: l.name,
            nationality: l.nationality,
            rank: l.rank,
            inside: l.inside,
            initiative: l.initiative,
            attack: l.attack,
            defence: l.defence,
            ...marchFigures(state, l),
          });
      } else {
        // 8.21: the commander of each nationality sits on top of its stack; inverted garrison
        // counters (12.11) hide the leaders inside.
        const seen = new Set<Nationality>();
        // 12.11/12.12: a leader inside a fortress is an inverted counter like any garrison unit:
        // the enemy sees a garrison of his nationality (never whether it is a leader or SP).
        const insideNats = new Set<Nationality>([
          ...stack.inside,
          ...leaders.filter((l) => l.inside).map((l) => l.nationality),
        ]);
        stack.inside = nats.filter((n) => insideNats.has(n));
        for (const l of leaders) {
          if (l.inside || seen.has(l.nationality)) continue;
          seen.add(l.nationality);
          stack.leaders.push({
            id: l.id,
            name: l.name,
            nationality: l.nationality,
            rank: l.rank,
            inside: false,
          });
        }
      }
      stacks.push(stack);
    }
    const d = state.depots[hex];
    hexes.push({
      hex,
      stacks,
      ...(d
        ? {
            depot: {
              owner: d.owner,
              side: state.seatSide[d.owner],
              status: d.status,
              ...(d.offMapLink ? { linked: true as const } : {}),
            },
          }
        : {}),
      besieged: state.besieged.includes(hex),
    });
  }
  const v: View = {
    viewer,
    side,
    scenario: String(state.scenario),
    turn: state.turn,
    lastTurn: state.lastTurn,
    phase: state.phase,
    phasing: state.phasing,
    pending: [...state.pending],
    version: state.version,
    over: state.over ? { ...state.over } : null,
    marchRoll: state.movement.roll,
    hexes,
    prisoners: {
      'prussian-allied': { ...state.ledger.prisoners['prussian-allied'] },
      coalition: { ...state.ledger.prisoners.coalition },
    },
    reinforcements: state.reinforcements.map((r) => ({
      id: r.id,
      turn: r.turn,
      nationality: r.nationality,
      hex: r.hex,
      arrived: r.arrived,
    })),
    legal: viewer === 'public' ? [] : legalActions(state, viewer, map),
    events: eventsFor(events, viewer, state.seatSide),
  };
  if (state.siegeRolls && Object.keys(state.siegeRolls).length > 0)
    v.siegeRolls = Object.fromEntries(Object.entries(state.siegeRolls).map(([h, r]) => [h, { ...r }]));
  if (state.over) v.victory = finalScore(state, map);
  const phasePart = moduleFor(state.phase)?.view?.(state, viewer, map) as View['combat'] | undefined;
  if (phasePart?.tactical) v.combat = phasePart;
  if (side) {
    if (forfeitAvailable(state, viewer as Seat)) v.canForfeit = true;
    const supplied = computeSupply(state, map, side).supplied;
    v.supply = [...supplied].sort();
    v.outOfSupply = hexes
      .filter((h) => {
        const own = h.stacks.find((st) => st.side === side);
        return own && (own.outside.length > 0 || own.inside.length > 0) && !supplied.has(h.hex);
      })
      .map((h) => h.hex);
    const score = finalScore(state, map);
    v.vp = { side, value: score.total[side], note: 'if the game ended now' };
    v.eliminated = {};
    for (const n of NATIONALITIES)
      if (state.seatSide[n] === side && state.ledger.eliminated[n])
        v.eliminated[n] = state.ledger.eliminated[n];
    v.moving = state.movement.active
      .filter((a) => state.seatSide[a.nationality] === side)
      .map((a) => ({ leader: a.leader, hex: a.hex, mpLeft: a.mpLeft, sp: a.sp }));
  }
  return v;
}
