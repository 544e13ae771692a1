// Reads the parts of an engine view the bot shows. The view is the engine's allow-listed picture
// for one seat (or the public); the bot never sees raw state. We read defensively (the view is
// `unknown` at the service's port): the strategic engine's View by its type (CampaignView, from
// src/app/engine-types.ts), any other engine's view field by field; either way only named fields
// are kept, so a strength the presenter was not asked for can never slip into a message.

import type { CampaignView, Nationality, VictoryReport } from '../app/engine-types.js';

export interface LeaderInfo {
  id: string;
  name: string;
  nationality: string | null;
  hex: string | null;
  status: string | null;
}

export interface StackInfo {
  hex: string;
  nationality: string;
  /** Only filled for the reading seat's own nationality (never for the public). */
  sp: number | null;
  inside: number | null;
}

export interface ViewInfo {
  turn: number | null;
  phase: string | null;
  phasing: string | null;
  leaders: LeaderInfo[];
  stacks: StackInfo[];
  depots: Array<{ hex: string; owner: string | null; status: string | null }>;
  /**
   * 10.0: the hexes where the reader's side is in supply now (own side only; null when the view
   * carries no supply data, e.g. the public view).
   */
  supplied: string[] | null;
  /** 10.61: hexes of the reader's own stacks that are out of supply (attrition). */
  outOfSupply: string[];
  /** 17.0: the reader's own side's VP if the game ended now (never the enemy's). */
  vp: { side: string; value: number; note: string } | null;
  /** 14.15: the reader (the Prussian seat) may forfeit now. */
  canForfeit: boolean;
  /** Recent event texts the view carries (battle reports, siege outcomes), already filtered. */
  recent: string[];
  /** End-of-game victory lines, when the view has them. */
  victory: string[];
  over: boolean;
}

/** The engine's views are read by their type; a view without hexes comes from another engine behind the port. */
function isCampaignView(view: unknown): view is CampaignView {
  return typeof view === 'object' && view !== null && Array.isArray((view as { hexes?: unknown }).hexes);
}

/**
 * @param ownNationalities the nationalities whose strength the reader may show (the seat's own);
 *   empty for the public.
 */
export function readView(view: unknown, ownNationalities: readonly string[] = []): ViewInfo {
  return isCampaignView(view)
    ? readCampaignView(view, ownNationalities)
    : readPortView(view, ownNationalities);
}

/** The strategic engine's View (src/engine/view.ts): hexes -> stacks per side, SP only where allowed. */
function readCampaignView(v: CampaignView, ownNationalities: readonly string[]): ViewInfo {
  const leaders: LeaderInfo[] = [];
  const stacks: StackInfo[] = [];
  const depots: ViewInfo['depots'] = [];
  for (const hx of v.hexes) {
    const hex = hx.hex;
    if (hx.depot) depots.push({ hex, owner: hx.depot.owner, status: hx.depot.status });
    for (const st of hx.stacks) {
      for (const nationality of new Set<string>([...st.outside, ...st.inside])) {
        const own = ownNationalities.includes(nationality);
        const a = st.sp?.[nationality as Nationality];
        stacks.push({
          hex,
          nationality,
          sp: own ? (a?.out ?? 0) : null,
          inside: own ? (a?.in ?? null) : null,
        });
      }
      for (const l of st.leaders)
        leaders.push({ id: l.id, name: l.name ?? l.id, nationality: l.nationality, hex, status: 'map' });
    }
  }
  const recent = (v.events ?? []).flatMap((e) => (typeof e.text === 'string' ? [e.text] : []));
  const report = v.victory;
  return {
    turn: v.turn,
    phase: v.phase,
    phasing: v.phasing,
    leaders,
    stacks,
    depots,
    supplied: v.supply ?? null,
    outOfSupply: v.outOfSupply ?? [],
    vp: v.vp ? { side: v.vp.side ?? '', value: v.vp.value, note: v.vp.note ?? '' } : null,
    canForfeit: v.canForfeit === true,
    recent: recent.slice(-15),
    victory: !report ? [] : report.total ? victoryLines(report) : genericVictory(report),
    over: v.over !== null && v.over !== undefined,
  };
}

// Views of other engines behind the service's port (the bot tests' toy engine) have no fixed type:
// they are read field by field, keeping only named fields.
function rec(x: unknown): Record<string, unknown> | null {
  return typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : null;
}
const str = (x: unknown): string | null => (typeof x === 'string' ? x : null);
const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

function entries(x: unknown): Array<[string, unknown]> {
  if (Array.isArray(x)) return x.map((v, i) => [String(i), v]);
  const r = rec(x);
  return r ? Object.entries(r) : [];
}

function readPortView(view: unknown, ownNationalities: readonly string[]): ViewInfo {
  const v = rec(view) ?? {};
  const leaders: LeaderInfo[] = [];
  const stacks: StackInfo[] = [];
  const depots: ViewInfo['depots'] = [];
  for (const [key, raw] of entries(v.leaders)) {
    const l = rec(raw);
    if (!l) continue;
    const id = str(l.id) ?? key;
    leaders.push({
      id,
      name: str(l.name) ?? id,
      nationality: str(l.nationality),
      hex: str(l.hex),
      status: str(l.status),
    });
  }
  for (const [hex, raw] of entries(v.forces ?? v.stacks)) {
    const byNation = rec(raw);
    if (!byNation) continue;
    for (const [nationality, amount] of Object.entries(byNation)) {
      const own = ownNationalities.includes(nationality);
      const a = rec(amount);
      const out = num(a?.out) ?? num(amount);
      const inside = num(a?.in);
      stacks.push({ hex, nationality, sp: own ? out : null, inside: own ? inside : null });
    }
  }
  for (const [key, raw] of entries(v.depots)) {
    const d = rec(raw);
    if (d) depots.push({ hex: str(d.hex) ?? key, owner: str(d.owner), status: str(d.status) });
  }
  const hexList = (x: unknown): string[] | null =>
    Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : null;
  const vpRec = rec(v.vp);
  const vpValue = num(vpRec?.value);
  const vp =
    vpRec && vpValue !== null
      ? { side: str(vpRec.side) ?? '', value: vpValue, note: str(vpRec.note) ?? '' }
      : null;
  const recent = entries(v.events ?? v.log ?? v.recent).flatMap(([, e]) => {
    if (typeof e === 'string') return [e];
    const t = str(rec(e)?.text);
    return t ? [t] : [];
  });
  const report = rec(v.victory ?? v.result ?? v.score);
  const victory =
    report && rec(report.total)
      ? victoryLines(report as unknown as VictoryReport)
      : genericVictory(v.victory ?? v.result);
  return {
    turn: num(v.turn),
    phase: str(v.phase),
    phasing: str(v.phasing),
    leaders,
    stacks,
    depots,
    supplied: hexList(v.supply),
    outOfSupply: hexList(v.outOfSupply) ?? [],
    vp,
    canForfeit: v.canForfeit === true,
    recent: recent.slice(-15),
    victory,
    over: v.over !== null && v.over !== undefined && v.over !== false,
  };
}

const SIDE_LABEL: Record<string, string> = { 'prussian-allied': 'Prussian-Allied', coalition: 'Coalition' };

/** 17.0 / 17.1: the end-of-game table from a victory report (fortress VP, losses, totals, level). */
export function victoryLines(r: VictoryReport): string[] {
  // A report may be partial (an engine behind the port, a test): missing figures show as '?'.
  const fig = (x: Partial<Record<string, number>> | undefined, side: string) => x?.[side] ?? '?';
  const lines = Object.keys(r.total).map(
    (side) =>
      `${SIDE_LABEL[side] ?? side}: ${fig(r.fortressVp, side)} fortress VP − ${fig(r.lossVp, side)} for losses = ${fig(r.total, side)}`,
  );
  const { winner, level } = r;
  const diff = typeof r.difference === 'number' ? r.difference : null;
  if (winner === 'draw') lines.push(`Result: a draw${diff !== null ? ` (difference ${diff})` : ''}.`);
  else if (winner) {
    lines.push(
      `Result: ${SIDE_LABEL[winner] ?? winner} ${level ? `${level} victory` : 'victory'}${diff !== null ? ` (difference ${diff})` : ''}.`,
    );
  }
  return lines;
}

function genericVictory(x: unknown): string[] {
  return entries(x).flatMap(([key, val]) => {
    if (typeof val === 'number' || typeof val === 'string') return [`${key}: ${val}`];
    const r = rec(val);
    if (!r) return [];
    const label = str(r.side) ?? str(r.seat) ?? key;
    const parts = Object.entries(r)
      .filter(([k, x]) => k !== 'side' && k !== 'seat' && (typeof x === 'number' || typeof x === 'string'))
      .map(([k, x]) => `${k} ${x}`);
    return [`${label}: ${parts.join(', ')}`];
  });
}
