// The tactical autopilot's postures (issue #14 item 7, design 5.8): what each formation is trying
// to do. A posture is behaviour, not rules data: it names map places (looked up by label on the
// battlefield, never by hex literal) and is the same for every seed. Leuthen has a historical plan
// (the oblique attack on the Austrian left, Frederick's history, Volz 3/108); any other battle gets
// the generic one (attackers advance on the nearest enemy, defenders hold).
import type { Env } from '../../tactical/env.js';
import type { Side, TacState } from '../../tactical/state.js';

export type Posture =
  /** Stay, face the nearest threat, fire, shock only at very good odds. */
  | 'hold'
  /** Advance on the enemy nearest to the anchor and attack when the expected result is good. */
  | 'attack'
  /** Hold until `from` turn, then attack. */
  | 'reserve';

export interface FormationPlan {
  posture: Posture;
  /** A place (map label) the formation's target is chosen near; none = its own position. */
  anchor?: string;
  /** For `reserve`: the game turn from which it attacks. */
  from?: number;
  /** For `hold`: a counter-attack reach (hexes): enemies nearer than this to the anchor are attacked. */
  reach?: number;
  /** For `hold`: an active defence, whose counter-attacks need no more than an attacker's. */
  counter?: boolean;
  /**
   * For `hold`: Disorganized units fall back out of contact to rally and go forward again only once
   * rallied, as an attacking formation's do (12.2-12.3), instead of standing in the enemy's ZOC.
   */
  rally?: boolean;
}

export interface SidePlan {
  formations: Record<string, FormationPlan>;
  /** Default for formations not listed. */
  other: FormationPlan;
  /** The C-in-C's place (a label) when no formation leader needs him. */
  cincAnchor?: string;
}

/**
 * Leuthen (both scenarios): the Prussian right attacks the Kiefernberg and Sagschuetz, the centre
 * follows in echelon on Leuthen, Driesen waits on the left and strikes late (Duffy p. 152); the
 * Austrians hold the line, their cavalry counter-attacks what comes within reach.
 */
const LEUTHEN: Record<Side, SidePlan> = {
  prussia: {
    formations: {
      'wedel-corps': { posture: 'attack', anchor: 'Kiefernberg' },
      'ferdinand-corps': { posture: 'attack', anchor: 'Sagschütz' },
      'retzow-corps': { posture: 'attack', anchor: 'Leuthen' },
      'forcade-corps': { posture: 'attack', anchor: 'Sagschütz' },
      'bevern-corps': { posture: 'attack', anchor: 'Leuthen' },
      'zieten-corps': { posture: 'attack', anchor: 'Kiefernberg' },
      'wuerttemberg-corps': { posture: 'attack', anchor: 'Kiefernberg' },
      'driesen-corps': { posture: 'reserve', anchor: 'Butterberg', from: 6 },
      'p-independent': { posture: 'attack', anchor: 'Sagschütz' },
    },
    other: { posture: 'attack' },
    cincAnchor: 'Sagschütz',
  },
  austria: {
    formations: {
      'lucchese-corps': { posture: 'hold', reach: 5 },
      'serbelloni-corps': { posture: 'hold', reach: 5 },
      'nadasdy-corps': { posture: 'hold', reach: 4 },
    },
    other: { posture: 'hold', reach: 0 },
    cincAnchor: 'Leuthen',
  },
};

const GENERIC: Record<Side, SidePlan> = {
  prussia: { formations: {}, other: { posture: 'attack' } },
  austria: { formations: {}, other: { posture: 'hold', reach: 2 } },
};

/** Campaign battles (issue #16): the strategic attacker attacks, the defender holds, whichever side. */
const ATTACKS: SidePlan = GENERIC.prussia;
const HOLDS: SidePlan = { formations: {}, other: { posture: 'hold', reach: 4, counter: true, rally: true } };

export function planFor(s: TacState, side: Side): SidePlan {
  if (s.scenario.startsWith('leuthen')) return LEUTHEN[side];
  // src/tactical/bridge gives the initiative ties to the strategic attacker (Leuthen 4.C).
  if (s.scenario.startsWith('campaign-') || s.scenario === 'calibration')
    return s.initiative.ties === side ? ATTACKS : HOLDS;
  return GENERIC[side];
}

export function formationPlan(s: TacState, side: Side, formation: string): FormationPlan {
  const p = planFor(s, side);
  return p.formations[formation] ?? p.other;
}

/** The hex of a map label (village or height), if the map has it. */
export function anchorHex(env: Env, name: string | undefined): string | undefined {
  if (!name) return undefined;
  return env.map.findLabel(name)?.hex;
}
