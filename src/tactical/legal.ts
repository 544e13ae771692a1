// Legal actions: exactly the actions the validators of rules/orders.ts accept now, so random legal
// play (the fuzzer) never meets a refusal. Hot path: cheap candidate lists, then validation.
import type { TacAction } from './actions.js';
import type { Env } from './env.js';
import { distance, frontHexes, isArtillery, moveHexes, rearHexes } from './rules/board.js';
import { formationsLeft } from './rules/command.js';
import {
  checkBreach,
  checkEnter,
  checkFace,
  checkFire,
  checkLeaderMove,
  checkMove,
  checkShock,
} from './rules/orders.js';
import type { Side, TacState } from './state.js';

const isErr = (x: unknown): boolean => typeof x === 'object' && x !== null && 'rule' in x;

/** Orders available to `side` during its activation (or strategic movement). */
export function activationActions(s: TacState, env: Env, side: Side, formation?: string): TacAction[] {
  const a = s.activation;
  if (!a || a.side !== side) return [];
  const out: TacAction[] = [{ type: 'done' }];
  const mine = s.units.filter(
    (u) =>
      u.side === side &&
      !u.eliminated &&
      a.formations.includes(u.formation) &&
      !a.failed.includes(u.formation) &&
      (formation === undefined || u.formation === formation),
  );
  const enemies = s.units.filter((u) => u.side !== side && !u.eliminated && u.hex !== null);
  for (const u of mine) {
    if (u.hex === null) {
      if (u.entry && !isErr(checkEnter(s, env, side, u.id, formation)))
        for (let f = 0; f < 6; f++) out.push({ type: 'enter', unit: u.id, facing: f });
      continue;
    }
    if (a.stage === 'move') {
      for (const h of [...moveHexes(env, u), ...rearHexes(env, u)])
        if (!isErr(checkMove(s, env, side, u.id, h, formation)))
          out.push({ type: 'move', unit: u.id, to: h });
      for (let f = 0; f < 6; f++)
        if (f !== u.facing && !isErr(checkFace(s, env, side, u.id, f, formation)))
          out.push({ type: 'face', unit: u.id, facing: f });
    }
    if (s.phase === 'strategic') continue;
    if (isArtillery(u)) {
      for (const e of enemies)
        if (
          distance(u.hex, e.hex!) <= env.tables.fire.artillery.maxRange &&
          checkFire(s, env, side, u.id, e.id, formation) === undefined
        )
          out.push({ type: 'fire', unit: u.id, target: e.id });
      for (const h of churchyards(env))
        if (checkBreach(s, env, side, u.id, h, formation) === undefined)
          out.push({ type: 'breach', unit: u.id, hex: h });
      continue;
    }
    const front = frontHexes(s, env, u);
    const targets = enemies.filter((e) => front.includes(e.hex!));
    for (const e of targets)
      if (checkFire(s, env, side, u.id, e.id, formation) === undefined)
        out.push({ type: 'fire', unit: u.id, target: e.id });
    const singles = targets.filter((e) => checkShock(s, env, side, [u.id], [e.id], formation) === undefined);
    for (const e of singles) out.push({ type: 'shock', attackers: [u.id], defenders: [e.id] });
    if (
      singles.length > 1 &&
      checkShock(
        s,
        env,
        side,
        [u.id],
        singles.map((e) => e.id),
        formation,
      ) === undefined
    )
      out.push({ type: 'shock', attackers: [u.id], defenders: singles.map((e) => e.id) });
  }
  // Several against one.
  if (s.phase !== 'strategic')
    for (const e of enemies) {
      const att = mine.filter(
        (u) =>
          u.hex !== null &&
          !isArtillery(u) &&
          distance(u.hex, e.hex!) === 1 &&
          checkShock(s, env, side, [u.id], [e.id], formation) === undefined,
      );
      if (att.length > 1) out.push({ type: 'shock', attackers: att.map((u) => u.id), defenders: [e.id] });
    }
  if (a.stage === 'move')
    for (const l of s.leaders) {
      if (
        l.side !== side ||
        l.eliminated ||
        l.hex === null ||
        l.role === 'cinc' ||
        l.formation === null ||
        !a.formations.includes(l.formation)
      )
        continue;
      if (formation !== undefined && l.formation !== formation) continue;
      for (const h of env.map.neighbours(l.hex))
        if (!isErr(checkLeaderMove(s, env, side, l.id, h, formation)))
          out.push({ type: 'move-leader', leader: l.id, to: h });
    }
  return out;
}

let churchCache: { env: Env; hexes: string[] } | undefined;
function churchyards(env: Env): string[] {
  if (churchCache?.env.map !== env.map)
    churchCache = { env, hexes: env.map.hexes().filter((h) => env.map.terrain(h) === 'churchyard') };
  return churchCache.hexes;
}

/** Barrage Phase fire of `side` (4.B, 10.1). */
export function barrageActions(s: TacState, env: Env, side: Side, formation?: string): TacAction[] {
  if (s.phase !== 'barrage' || s.actingSide !== side) return [];
  const out: TacAction[] = [{ type: 'done' }];
  const enemies = s.units.filter((u) => u.side !== side && !u.eliminated && u.hex !== null);
  for (const b of s.units) {
    if (b.side !== side || !isArtillery(b) || b.eliminated || b.hex === null || b.barrageTurn === s.turn)
      continue;
    if (formation !== undefined && b.formation !== formation) continue;
    for (const e of enemies)
      if (
        distance(b.hex, e.hex!) <= env.tables.fire.artillery.maxRange &&
        checkFire(s, env, side, b.id, e.id, formation) === undefined
      )
        out.push({ type: 'fire', unit: b.id, target: e.id });
    for (const h of churchyards(env))
      if (checkBreach(s, env, side, b.id, h, formation) === undefined)
        out.push({ type: 'breach', unit: b.id, hex: h });
  }
  return out;
}

/** 4.C: the activation choice of the side at the head of the segment's queue. */
export function chooseActions(s: TacState, side: Side, formation?: string): TacAction[] {
  const seg = s.segment;
  if (s.phase !== 'operations' || s.activation || !seg || seg.queue[0] !== side) return [];
  const left = formationsLeft(s, side).filter((f) => formation === undefined || f === formation);
  const out: TacAction[] = left.map((f) => ({ type: 'activate', formations: [f] }));
  const first = seg.winner === side && !seg.yielded && seg.queue.length === 2;
  if (first && seg.double && formation === undefined)
    for (let i = 0; i < left.length; i++)
      for (let j = i + 1; j < left.length; j++)
        out.push({ type: 'activate', formations: [left[i]!, left[j]!] });
  if (first && formation === undefined && formationsLeft(s, seg.queue[1]!).length)
    out.push({ type: 'yield-first' });
  return out;
}

/** 7.4: C-in-C moves in the Command Phase. */
export function commandActions(s: TacState, env: Env, side: Side): TacAction[] {
  if (s.phase !== 'command' || s.doneSides.includes(side)) return [];
  const out: TacAction[] = [{ type: 'done' }];
  for (const l of s.leaders) {
    if (l.side !== side || l.role !== 'cinc' || l.eliminated || l.hex === null) continue;
    for (const h of env.map.neighbours(l.hex))
      if (!isErr(checkLeaderMove(s, env, side, l.id, h)))
        out.push({ type: 'move-leader', leader: l.id, to: h });
  }
  return out;
}
