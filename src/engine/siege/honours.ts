// 13.33: what follows a Breach, step by step and in order; 1756 A (Saxons must surrender); 10.48; 16.22.
import type { CombatLeader, RuleViolation, Side } from '../combat/types.js';
import { totalSp, violation } from '../combat/types.js';

export interface Garrison {
  side: Side;
  sp: Readonly<Record<string, number>>;
  leaders: readonly CombatLeader[];
}

export interface Besiegers {
  side: Side;
  /** The phasing player's SP in the fortress hex (outside the fortress). */
  sp: Readonly<Record<string, number>>;
  leaders: readonly CombatLeader[];
}

/**
 * The steps of 13.33. After a breach the garrison's owner has asked for the honours of war (that request is
 * compulsory, so it is recorded automatically); the phasing player grants or denies; after a denial the
 * garrison's owner surrenders or refuses; a refusal means a storm.
 */
export type BreachStep =
  | { step: 'honours-requested' }
  | { step: 'surrender-demanded' }
  | { step: 'done'; outcome: BreachOutcome };

export type BreachDecision =
  | { by: 'besieger'; choice: 'grant' | 'deny' }
  | { by: 'garrison'; choice: 'surrender' | 'refuse' };

export interface BreachContext {
  garrison: Garrison;
  besiegers: Besiegers;
  /** 1756 A: every nationality here that must surrender when denied the honours. */
  mustSurrender: readonly string[];
  /** For the honours: where each nationality's nearest same-nationality garrison is; undefined if none. */
  nearestGarrison(nationality: string): string | undefined;
}

export interface BreachOutcome {
  how: 'honours' | 'surrender' | 'storm';
  /** Honours: garrison SP and leaders moved, per nationality, to a fortress hex (or removed, not eliminated). */
  transferred: { nationality: string; sp: number; leaders: string[]; to: string | undefined }[];
  /** Surrender / storm: SP taken as prisoners by the besieger, by nationality. */
  prisonersSp: Record<string, number>;
  /** Leaders captured (surrender, or the weaker side's leaders in a storm). */
  prisonerLeaders: string[];
  /** Which side's leaders were captured, when any. */
  prisonerLeadersOf: Side | undefined;
  /** Storm: SP eliminated (counted for VP, 17.0) per side and nationality. */
  eliminated: Record<Side, Record<string, number>>;
  /** True when the besieger may now garrison the fortress with its units in the hex. */
  fortressFalls: boolean;
  /** 10.48: the depot used for the siege is removed when control changes hands. */
  removeSiegeDepot: boolean;
}

export function startBreach(): BreachStep {
  return { step: 'honours-requested' };
}

/** Applies one decision of 13.33 in its proper place; anything out of sequence is refused. */
export function decideBreach(
  ctx: BreachContext,
  at: BreachStep,
  d: BreachDecision,
): BreachStep | RuleViolation {
  if (at.step === 'done') return violation('13.33', 'this breach has already been settled');
  if (at.step === 'honours-requested') {
    if (d.by !== 'besieger')
      return violation('13.33', 'the besieging player must first grant or deny the honours of war');
    if (d.choice === 'grant') return { step: 'done', outcome: grantHonours(ctx) };
    const nats = Object.entries(ctx.garrison.sp)
      .filter(([, v]) => v > 0)
      .map(([n]) => n);
    const leaderNats = ctx.garrison.leaders.map((l) => l.nationality);
    const all = new Set([...nats, ...leaderNats]);
    // 1756 A: a Saxon garrison denied the honours surrenders without a choice.
    if (all.size > 0 && [...all].every((n) => ctx.mustSurrender.includes(n)))
      return { step: 'done', outcome: surrender(ctx) };
    return { step: 'surrender-demanded' };
  }
  if (d.by !== 'garrison') return violation('13.33', "the garrison's owner must now surrender or refuse");
  return { step: 'done', outcome: d.choice === 'surrender' ? surrender(ctx) : storm(ctx) };
}

function emptyOutcome(how: BreachOutcome['how']): BreachOutcome {
  return {
    how,
    transferred: [],
    prisonersSp: {},
    prisonerLeaders: [],
    prisonerLeadersOf: undefined,
    eliminated: { 'prussian-allied': {}, coalition: {} },
    fortressFalls: false,
    removeSiegeDepot: false,
  };
}

/** 13.33 (1): each nationality of the garrison goes whole to its nearest same-nationality garrison. */
function grantHonours(ctx: BreachContext): BreachOutcome {
  const out = emptyOutcome('honours');
  const nats = new Set([
    ...Object.keys(ctx.garrison.sp).filter((n) => (ctx.garrison.sp[n] ?? 0) > 0),
    ...ctx.garrison.leaders.map((l) => l.nationality),
  ]);
  for (const n of [...nats].sort()) {
    out.transferred.push({
      nationality: n,
      sp: ctx.garrison.sp[n] ?? 0,
      leaders: ctx.garrison.leaders.filter((l) => l.nationality === n).map((l) => l.id),
      to: ctx.nearestGarrison(n), // undefined: removed from play, not eliminated for VP (13.33 note)
    });
  }
  out.fortressFalls = totalSp(ctx.besiegers.sp) > 0 || ctx.besiegers.leaders.length > 0;
  out.removeSiegeDepot = true;
  return out;
}

/** 13.33 (2A): the whole garrison becomes prisoners; the fortress falls. */
function surrender(ctx: BreachContext): BreachOutcome {
  const out = emptyOutcome('surrender');
  out.prisonersSp = Object.fromEntries(Object.entries(ctx.garrison.sp).filter(([, v]) => v > 0));
  out.prisonerLeaders = ctx.garrison.leaders.map((l) => l.id);
  out.prisonerLeadersOf = ctx.garrison.side;
  out.fortressFalls = true;
  out.removeSiegeDepot = true;
  return out;
}

/**
 * 13.33 (2B): both strengths revealed; the weaker is wiped out and its leaders captured; the stronger
 * loses as many SP, no leaders. Equal strengths: the garrison counts as the weaker (docs/rulings.md 13.33).
 */
function storm(ctx: BreachContext): BreachOutcome {
  const out = emptyOutcome('storm');
  const g = totalSp(ctx.garrison.sp);
  const b = totalSp(ctx.besiegers.sp);
  const garrisonLoses = g <= b;
  const [weak, strong] = garrisonLoses
    ? ([ctx.garrison, ctx.besiegers] as const)
    : ([ctx.besiegers, ctx.garrison] as const);
  const lost = totalSp(weak.sp);
  out.eliminated[weak.side] = Object.fromEntries(Object.entries(weak.sp).filter(([, v]) => v > 0));
  out.prisonerLeaders = weak.leaders.map((l) => l.id);
  out.prisonerLeadersOf = weak.side;
  out.eliminated[strong.side] = takeLargestFirst(strong.sp, lost);
  out.fortressFalls = garrisonLoses && b - lost > 0;
  out.removeSiegeDepot = out.fortressFalls;
  return out;
}

/** 9.45-style extraction used by 13.32 and storms: one SP at a time from the largest contingent. */
export function takeLargestFirst(sp: Readonly<Record<string, number>>, n: number): Record<string, number> {
  const left: Record<string, number> = { ...sp };
  const taken: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const best = Object.entries(left)
      .filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (!best) break;
    left[best[0]] = best[1] - 1;
    taken[best[0]] = (taken[best[0]] ?? 0) + 1;
  }
  return taken;
}
