// View -> MapPicture: the only way the renderer learns about a game. It reads nothing but the
// View E1's view() built for one seat (or the public), so a picture cannot show more than its
// viewer may know: a strength absent from the view becomes null and is drawn as "?".

import type { HexId, Nationality, Side, View, ViewHex, ViewStack } from '../engine/index.js';
import { scenarioYear } from './calendar.js';
import type { MapPicture, PictureGarrison, PictureMove, PictureStack, PictureVp } from './model.js';

/**
 * The nationalities in display order. Render may import only types from the engine (the View is its
 * contract), so the engine's NATIONALITIES list is restated here once for all of render;
 * test/render/nation-order.test.ts keeps the two equal.
 */
export const NATION_ORDER: readonly Nationality[] = [
  'prussia',
  'hanover',
  'austria',
  'france',
  'russia',
  'sweden',
  'empire',
];

/**
 * Optional fields a View may carry beyond the ones the renderer relies on. When E1/E2 add them
 * (same names), the picture shows them; when absent, the picture says so in `notes`.
 */
export interface ViewExtras {
  /** Current VP estimate for the viewer's side (17.x). */
  vp?: { side: Side; value: number; note?: string } | null;
  /** 9.0: hexes committed to battle this Combat Phase. */
  battles?: HexId[];
  /** Hexes in supply for the viewer's side. */
  supply?: HexId[];
  /** The viewer's own moves in the last phase: hexes passed, start first. */
  lastMoves?: Array<{ nationality: Nationality; path: HexId[] }>;
  /** Scenario title. */
  scenarioTitle?: string;
}

function sumOut(st: ViewStack): number | null {
  if (!st.sp) return null;
  let n = 0;
  for (const v of Object.values(st.sp)) n += v?.out ?? 0;
  return n;
}

function sumIn(st: ViewStack): number | null {
  if (!st.sp) return null;
  let n = 0;
  for (const v of Object.values(st.sp)) n += v?.in ?? 0;
  return n;
}

/** Predominant nationality first when strengths are known; otherwise the fixed order (no leak). */
function orderNations(st: ViewStack, nats: Nationality[]): Nationality[] {
  const sorted = [...nats].sort((a, b) => NATION_ORDER.indexOf(a) - NATION_ORDER.indexOf(b));
  if (!st.sp) return sorted;
  const sp = st.sp;
  return sorted.sort((a, b) => (sp[b]?.out ?? 0) - (sp[a]?.out ?? 0));
}

function stackOf(hex: ViewHex, st: ViewStack): PictureStack | undefined {
  const outsideLeaders = st.leaders.filter((l) => !l.inside).sort((a, b) => a.rank - b.rank);
  let nats = st.outside;
  if (nats.length === 0) {
    if (outsideLeaders.length === 0) return undefined;
    // leaders without combat units outside still show as a counter (8.31: leaders alone in a hex)
    nats = [...new Set(outsideLeaders.map((l) => l.nationality))];
  }
  const ordered = orderNations(st, nats);
  // 8.21: the predominant nationality's commander lies on top
  const leaders = [...outsideLeaders].sort(
    (a, b) => ordered.indexOf(a.nationality) - ordered.indexOf(b.nationality) || a.rank - b.rank,
  );
  return {
    hex: hex.hex,
    side: st.side,
    nationalities: ordered,
    strength: sumOut(st),
    leaders: leaders.map((l) => ({ name: l.name, nationality: l.nationality })),
    demoralized: st.demoralized,
  };
}

/**
 * 12.11 / 13.14: a garrison's strength is drawn for its own side only. No rule opens a garrison to
 * the enemy (13.14 names the besiegers, 9.0 the forces that fight), so even if a view carried an
 * enemy garrison's SP the picture keeps it "?" (and orders its nationalities without it).
 */
function garrisonOf(v: View, hex: ViewHex, st: ViewStack): PictureGarrison | undefined {
  if (st.inside.length === 0) return undefined;
  const own = v.side !== null && st.side === v.side;
  const sp = own && st.sp ? mapIn(st.sp) : undefined;
  const nats = orderNations({ ...st, ...(sp ? { sp } : { sp: undefined }) }, st.inside);
  return { hex: hex.hex, side: st.side, nationality: nats[0]!, strength: own ? sumIn(st) : null };
}

function mapIn(sp: NonNullable<ViewStack['sp']>): NonNullable<ViewStack['sp']> {
  const out: NonNullable<ViewStack['sp']> = {};
  for (const [n, v] of Object.entries(sp)) if (v) out[n as Nationality] = { out: v.in, in: v.out };
  return out;
}

/**
 * A committed battle (9.0) seen from a seat: both sides stand outside in the hex and the enemy's
 * strength is open in this view. Used only when the view carries no `battles` list.
 */
function inferredBattle(v: View, h: ViewHex): boolean {
  if (v.phase !== 'combat' || v.side === null) return false;
  const own = h.stacks.find((s) => s.side === v.side);
  const enemy = h.stacks.find((s) => s.side !== v.side);
  return !!own && !!enemy && own.outside.length > 0 && enemy.outside.length > 0 && enemy.sp !== undefined;
}

/**
 * The viewer side's marches in the view's events (kind "march", shown to the moving side only):
 * start hex from `data.from` or the event text, then `data.path`. Nationality from the leader,
 * who is among the viewer side's own leaders in the view.
 */
export function movesFromEvents(view: View): PictureMove[] {
  if (view.side === null) return [];
  const nationOf = new Map<string, Nationality>();
  for (const h of view.hexes)
    for (const st of h.stacks)
      if (st.side === view.side) for (const l of st.leaders) nationOf.set(l.id, l.nationality);
  const out: PictureMove[] = [];
  for (const e of view.events) {
    if (e.kind !== 'march' || !e.data) continue;
    const path = e.data.path;
    const leader = e.data.leader;
    if (!Array.isArray(path) || typeof leader !== 'string') continue;
    const nat = nationOf.get(leader);
    if (!nat) continue;
    const from = typeof e.data.from === 'string' ? e.data.from : /(\d{4}) ->/.exec(e.text)?.[1];
    const hexes = [...(from ? [from] : []), ...path.filter((h): h is string => typeof h === 'string')];
    if (hexes.length >= 2) out.push({ nationality: nat, path: hexes });
  }
  return out;
}

export function pictureFromView(view: View & ViewExtras): MapPicture {
  const notes: string[] = [];
  const stacks: PictureStack[] = [];
  const garrisons: PictureGarrison[] = [];
  const depots: MapPicture['depots'] = [];
  const besieged: HexId[] = [];
  const battles: HexId[] = [];
  for (const h of view.hexes) {
    for (const st of h.stacks) {
      const s = stackOf(h, st);
      if (s) stacks.push(s);
      const g = garrisonOf(view, h, st);
      if (g) garrisons.push(g);
    }
    if (h.depot) depots.push({ hex: h.hex, nationality: h.depot.owner, status: h.depot.status });
    if (h.besieged) besieged.push(h.hex);
    if (!view.battles && inferredBattle(view, h)) battles.push(h.hex);
  }
  if (view.battles) battles.push(...view.battles);
  let vp: PictureVp | null = null;
  if (view.vp)
    vp = { side: view.vp.side, value: view.vp.value, ...(view.vp.note ? { note: view.vp.note } : {}) };
  else if (view.viewer !== 'public') notes.push('the view carries no VP estimate');
  const moves: PictureMove[] = view.lastMoves
    ? view.lastMoves.map((m) => ({ nationality: m.nationality, path: [...m.path] }))
    : movesFromEvents(view);
  const sum = (r: Partial<Record<Nationality, number>> | undefined) =>
    Object.values(r ?? {}).reduce<number>((a, b) => a + (b ?? 0), 0);
  const tally =
    view.side === null
      ? null
      : {
          lost: view.eliminated ? sum(view.eliminated) : null,
          prisonersHeld: sum(view.prisoners[view.side]),
          prisonersLost: sum(
            view.prisoners[view.side === 'prussian-allied' ? 'coalition' : 'prussian-allied'],
          ),
        };
  return {
    viewer: view.viewer,
    viewerSide: view.side,
    scenario: view.scenario,
    ...(view.scenarioTitle ? { scenarioTitle: view.scenarioTitle } : {}),
    year: scenarioYear(view.scenario),
    turn: view.turn,
    phase: view.phase,
    phasing: view.phasing,
    vp,
    stacks,
    garrisons,
    depots,
    besieged,
    battles: [...new Set(battles)].sort(),
    moves,
    supply: view.supply ? [...view.supply] : null,
    tally,
    notes,
  };
}
