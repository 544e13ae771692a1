// The TacticalHost (src/engine/combat/tactical-host.ts) that fights campaign battles on the Leuthen
// engine (issue #16, design 5): the committed battle is converted (forces.ts), placed on its field
// (field.ts, deploy.ts) and set up; the session (plain JSON, stored inside the campaign state)
// holds the tactical game and the parameters its battlefield is rebuilt from, so a stored or
// replayed campaign needs nothing else. At the end the tactical state becomes the strategic
// outcome (outcome.ts), with the leader-fate dice from the campaign's RNG.
//
// Battlefields: the tactical engine finds a map by id in a process-wide registry (env.ts). A
// generated field's id here is derived from everything that shapes it (hex, seed, a digest of the
// strategic context), so two games in one process can never see each other's field under one id;
// before every call the host makes sure the session's field is registered (rebuilding it from the
// stored parameters after a restart or in a replay).
import ratingsJson from '../../../assets/tactical/ratings.json' with { type: 'json' };
import { createAutopilotRng } from '../../autopilot/rng.js';
import { decideTactical, type TacPolicy } from '../../autopilot/tactical/decide.js';
import { viewAsState } from '../../autopilot/tactical/driver.js';
import type {
  CombatForce,
  TacticalEvent,
  TacticalHost,
  TacticalOrder,
  TacticalStart,
} from '../../engine/index.js';
import {
  isNationality,
  isWinterTurn,
  nextUint32,
  rollDie,
  type Seat,
  totalSp,
  violation,
} from '../../engine/index.js';
import { apply, legalActions, pendingSeats, step } from '../apply.js';
import { envFor, tacticalMap as registeredMap, useTacticalMap } from '../env.js';
import type { TacEvent } from '../events.js';
import { loadTacticalMap, type TacticalMap } from '../map.js';
import { tacticalMap as committedMap } from '../maps.js';
import { parseScenario } from '../scenario.js';
import { setupBattle } from '../setup.js';
import type { Side, TacState } from '../state.js';
import { view } from '../view.js';
import { fieldContext, fieldEdges } from './context.js';
import { campaignScenario, mapObjectives } from './deploy.js';
import { type FieldContext, generateField, historicalField } from './field.js';
import { type TacticalSetup, tacticalSide, toTacticalSetup } from './forces.js';
import { toStrategicOutcome } from './outcome.js';

/** The session the campaign state carries (state.combat.hook.combat.battle.session). */
export interface HostSession {
  v: 1;
  hex: string;
  /** Where the battle is fought: a committed map, or a generated one and what it was drawn from. */
  field:
    | { kind: 'historical'; map: string }
    | { kind: 'generated'; map: string; ctx: FieldContext; seed: number };
  /** The conversion's input (the forces as committed), for the outcome at the end. */
  input: { attacker: CombatForce; defender: CombatForce; winter: boolean; names: Record<string, string> };
  tac: TacState;
}

export interface TacticalHostOptions {
  /** How the autopilot plays each tactical side (default: the autopilot). */
  policies?: Partial<Record<Side, TacPolicy>>;
}

/** FNV-1a over a string: a short deterministic digest for map ids (no crypto in the pure layers). */
function digest(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/** A generated field under an id naming everything that shaped it. */
function buildGenerated(ctx: FieldContext, seed: number) {
  const f = generateField(ctx, seed);
  const id = `${f.map.id}-${digest(JSON.stringify(ctx))}`;
  return { ...f, map: loadTacticalMap({ ...f.map.data, id }) };
}

/** The session's battlefield, registered for the tactical engine (rebuilt when missing). */
function ensureField(s: HostSession): TacticalMap {
  const have = registeredMap(s.field.map);
  if (have) return have;
  const m =
    s.field.kind === 'historical' ? committedMap(s.field.map) : buildGenerated(s.field.ctx, s.field.seed).map;
  if (m.id !== s.field.map) throw new Error(`tactical field ${s.field.map} rebuilt as ${m.id}`);
  useTacticalMap(m);
  return m;
}

function sessionOf(x: unknown): HostSession {
  const s = x as HostSession;
  if (s?.v !== 1 || !s.tac) throw new Error('not a tactical battle session');
  return s;
}

/** The tactical seats awaited: a formation's seat while it alone is activated, else the side's. */
export function awaitedSeats(tac: TacState): string[] {
  const sides = pendingSeats(tac);
  const a = tac.activation;
  if (tac.prompt || tac.phase !== 'operations' || !a || a.formations.length !== 1) return sides;
  return sides.map((side) => (side === a.side ? `${side}:${a.formations[0]}` : side));
}

function toHostEvent(e: TacEvent): TacticalEvent {
  const { type, visibility, text, ...rest } = e;
  const to: TacticalEvent['to'] =
    visibility === 'public' ? 'all' : ((visibility.seats[0] ?? '').split(':')[0] as 'prussia' | 'austria');
  return { kind: type, text, to, ...(Object.keys(rest).length ? { data: rest } : {}) };
}

/** The campaign seat of each tactical seat: formations by nationality, sides by their commander's. */
function seatTable(setup: TacticalSetup): Record<string, Seat> {
  const out: Record<string, Seat> = {};
  for (const side of ['prussia', 'austria'] as const) {
    // 8.23: the commander's nationality takes the side's decisions.
    const cinc = setup.leaders.find((l) => l.side === side && l.role === 'cinc');
    const biggest = Object.entries(setup.spPresent[side] ?? {}).sort((a, b) => b[1] - a[1])[0]?.[0];
    const nat = cinc?.nationality ?? biggest;
    if (nat && isNationality(nat)) out[side] = nat;
  }
  for (const f of setup.formations) {
    const nat = setup.seats[f.id] ?? f.nationality;
    if (isNationality(nat)) out[`${f.side}:${f.id}`] = nat;
  }
  return out;
}

export function createTacticalHost(o: TacticalHostOptions = {}): TacticalHost {
  const host: TacticalHost = {
    id: 'leuthen',
    start(state, battle, map, options): TacticalStart | ReturnType<typeof violation> {
      const { hex, attacker, defender } = battle;
      if (attacker.side === defender.side) return violation('9.11', 'a side cannot attack itself');
      if (attacker.demoralized) return violation('9.14', 'a demoralized force may not attack');
      if (totalSp(attacker.sp) <= 0 || totalSp(defender.sp) <= 0)
        return violation('9.0', 'both sides need strength points in the hex');
      // The battle's seed comes from the campaign's RNG: a replay sets up the same battle.
      const seed = nextUint32(state.rng);
      const winter = isWinterTurn(state.turn);
      const ids = new Set([...attacker.leaders, ...defender.leaders].map((l) => l.id));
      const names = Object.fromEntries(
        Object.values(state.leaders)
          .filter((l) => ids.has(l.id))
          .map((l) => [l.id, l.name ?? l.id]),
      );
      const input = { attacker, defender, winter, names };
      const setup = toTacticalSetup(input);
      if (options.maxTurns !== undefined)
        setup.lastTurn = Math.max(1, Math.min(setup.lastTurn, options.maxTurns));
      const count = (side: Side) => setup.units.filter((u) => u.side === side).length;
      const historical = historicalField(hex);
      let field: HostSession['field'];
      let tmap: TacticalMap;
      let objectives: { hex: string; name: string; vp: number }[];
      if (historical) {
        tmap = committedMap(historical);
        objectives = mapObjectives(tmap);
        field = { kind: 'historical', map: tmap.id };
      } else {
        const att = tacticalSide(attacker.side);
        const ctx = fieldContext(map, {
          hex,
          winter,
          attacker: att,
          // Each army's edge follows the hexside it entered by (fieldEdges: the seed when unknown).
          attackerEdge: fieldEdges(state, map, hex, attacker.side, seed).attacker,
          counters: { attacker: count(att), defender: count(att === 'prussia' ? 'austria' : 'prussia') },
        });
        const g = buildGenerated(ctx, seed);
        tmap = g.map;
        objectives = g.objectives;
        field = { kind: 'generated', map: tmap.id, ctx, seed };
      }
      useTacticalMap(tmap);
      const raw = campaignScenario({
        setup,
        map: tmap,
        objectives,
        id: `campaign-${hex}-t${state.turn}`,
        name: `Battle at ${hex}, turn ${state.turn}`,
      });
      const parsed = parseScenario(raw, ratingsJson, (h) => tmap.has(h));
      if (!parsed.ok) throw new Error(`tactical battle at ${hex}: ${parsed.errors.join('; ')}`);
      const set = setupBattle(parsed.value, tmap, seed, { dice: [] });
      if (!set.ok) throw new Error(`tactical battle at ${hex}: ${set.errors.join('; ')}`);
      const session: HostSession = { v: 1, hex, field, input, tac: set.state };
      const where = historical ? `the ${tmap.data.name} battlefield` : `a battlefield drawn for ${hex}`;
      return {
        session,
        seats: seatTable(setup),
        text: `The battle at ${hex} is fought out on the tactical map: ${where}, at most ${set.state.lastTurn} turns.`,
      };
    },
    pending: (x) => {
      const s = sessionOf(x);
      return s.tac.over ? [] : awaitedSeats(s.tac);
    },
    legal(x, seat) {
      const s = sessionOf(x);
      ensureField(s);
      return legalActions(s.tac, seat) as TacticalOrder[];
    },
    apply(x, seat, order) {
      const s = sessionOf(x);
      ensureField(s);
      const r = apply(s.tac, seat, order);
      if (!r.ok) return r;
      return { ok: true, session: { ...s, tac: r.state }, events: r.events.map(toHostEvent) };
    },
    step: (x) => step(sessionOf(x).tac).id,
    isOver: (x) => sessionOf(x).tac.over !== null,
    view: (x, side) => view(sessionOf(x).tac, side),
    autopilot(x, seat) {
      const s = sessionOf(x);
      const env = envFor(ensureField(s).id);
      const legal = legalActions(s.tac, seat);
      if (!env || legal.length === 0) return { type: 'done' };
      const side = seat.split(':')[0] as Side;
      // Deterministic: the autopilot's own dice are seeded from the battle's position.
      const rng = createAutopilotRng(`${s.tac.version}:${seat}:${s.tac.rng.rolls}`);
      const d = decideTactical(
        viewAsState(s.tac, side),
        env,
        side,
        legal,
        rng,
        o.policies?.[side] ?? 'autopilot',
      );
      return d.action as TacticalOrder;
    },
    outcome(state, x) {
      const s = sessionOf(x);
      return toStrategicOutcome({
        setup: toTacticalSetup(s.input),
        end: s.tac,
        attacker: s.input.attacker,
        defender: s.input.defender,
        rollD6: () => rollDie(state),
      });
    },
  };
  return host;
}

/** The host the applications register (src/app/tactical.ts). */
export const tacticalHostImpl = createTacticalHost();
