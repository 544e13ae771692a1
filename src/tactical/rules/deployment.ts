// Secret simultaneous deployment (design 5.4; docs/tactical-rulings.md "Deployment"). The Leuthen
// scenarios give fixed historical set-ups (Scenario 1, Scenario 2 Placement); a campaign battle has
// none, so before turn 1 both sides place their counters at once inside their zone, each facing a
// vertex (2), obeying stacking (3) and the Terrain Table's prohibitions (7.1), and commit. Each
// side edits a private draft (the units' positions in the state, hidden from the other side's view
// until both have committed); the draft starts as the autopilot template.
import { type RuleError, ruleError } from '../../kernel/index.js';
import type { TacAction } from '../actions.js';
import type { Env } from '../env.js';
import { type Ctx, ev, privateEv } from '../events.js';
import { colRow } from '../hex.js';
import type { DeploymentState, Side, TacState, UnitState } from '../state.js';
import { moveClass, stackOk } from './board.js';

const RULE = 'Deployment';

export function rowOfHex(hex: string): number {
  return Number(hex.slice(2));
}

function zoneText(rows: readonly number[]): string {
  const lo = Math.min(...rows);
  const hi = Math.max(...rows);
  return rows.length === hi - lo + 1
    ? `rows ${lo}-${hi}`
    : `rows ${[...rows].sort((a, b) => a - b).join(', ')}`;
}

/** The units a side deploys: its counters on the map at set-up (Scenario 2 entries come later). */
function deployable(d: DeploymentState, u: UnitState): boolean {
  return !u.eliminated && d.template.units[u.id] !== undefined;
}

/**
 * Checks a side's whole draft: every counter on a hex of the map inside its zone, on terrain its
 * arm may enter (7.1 Terrain Table), stacking (3); leaders inside the zone on hexes cavalry may
 * enter (9: leaders move like cavalry). Messages name the counter and the rule; they only ever
 * speak of the side's own counters.
 */
export function checkSideDeployment(s: TacState, env: Env, side: Side): RuleError | undefined {
  const d = s.deployment;
  if (!d) return undefined;
  const rows = new Set(d.zones[side]);
  const byHex = new Map<string, UnitState[]>();
  for (const u of s.units) {
    if (u.side !== side || !deployable(d, u) || u.hex === null) continue;
    if (!env.map.has(u.hex)) return ruleError(RULE, 'off-map', `${u.name}: hex ${u.hex} is not on the map.`);
    if (!rows.has(rowOfHex(u.hex)))
      return ruleError(
        RULE,
        'outside-zone',
        `${u.name}: hex ${u.hex} is outside the ${side} deployment zone (${zoneText(d.zones[side])}).`,
      );
    const t = env.map.terrain(u.hex);
    if (env.tables.terrain.terrain[t]?.mp[moveClass(u)] == null)
      return ruleError('7.1', 'prohibited', `${u.name} may not stand in ${u.hex} (${t}; Terrain Table).`);
    byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u]);
  }
  for (const [hex, us] of byHex)
    if (!stackOk(us))
      return ruleError(
        '3',
        'stacking',
        `${us.map((u) => u.name).join(' and ')} may not stack in ${hex} (3).`,
      );
  for (const l of s.leaders) {
    if (l.side !== side || l.eliminated || l.hex === null || !(l.id in d.template.leaders)) continue;
    if (!env.map.has(l.hex)) return ruleError(RULE, 'off-map', `${l.name}: hex ${l.hex} is not on the map.`);
    if (!rows.has(rowOfHex(l.hex)))
      return ruleError(
        RULE,
        'outside-zone',
        `${l.name}: hex ${l.hex} is outside the ${side} deployment zone (${zoneText(d.zones[side])}).`,
      );
    const t = env.map.terrain(l.hex);
    if (env.tables.terrain.terrain[t]?.mp.cavalry == null)
      return ruleError(
        '9',
        'prohibited',
        `${l.name} moves like cavalry and may not stand in ${l.hex} (${t}).`,
      );
  }
  return undefined;
}

/** The legal deployment actions of a side seat that has not committed. */
export function deploymentActions(s: TacState, side: Side, formation?: string): TacAction[] {
  const d = s.deployment;
  if (s.phase !== 'deployment' || !d || formation !== undefined || d.committed.includes(side)) return [];
  // Two decisions, so a player can answer by a button: the standard deployment (the template,
  // committed), or commit the draft as it stands. Free placements are orders (not listed: too many).
  return [{ type: 'deploy', template: 'auto', commit: true }, { type: 'done' }];
}

function resetToTemplate(s: TacState, side: Side): void {
  const d = s.deployment!;
  for (const u of s.units) {
    const t = d.template.units[u.id];
    if (u.side === side && t) {
      u.hex = t.hex;
      u.facing = t.facing;
    }
  }
  for (const l of s.leaders)
    if (l.side === side && l.id in d.template.leaders) l.hex = d.template.leaders[l.id] ?? null;
}

function commit(c: Ctx, side: Side): void {
  const d = c.s.deployment!;
  if (d.committed.includes(side)) return;
  d.committed.push(side);
  c.s.stepNo++;
  c.events.push(ev('deploy-commit', `${side} has committed its deployment.`, { side }));
}

/** A side seat's deployment action: edit the draft (all-or-nothing) and optionally commit. */
export function applyDeployment(
  c: Ctx,
  side: Side,
  formation: string | undefined,
  a: TacAction,
): RuleError | undefined {
  const s = c.s;
  const d = s.deployment;
  if (!d) return ruleError(RULE, 'no-deployment', 'This battle has no deployment step.');
  if (formation !== undefined)
    return ruleError(RULE, 'side-seat', 'The deployment is made by the side seat (the commander-in-chief).');
  if (d.committed.includes(side))
    return ruleError(RULE, 'committed', 'You have committed your deployment; wait for the other side.');
  if (a.type === 'done') {
    commit(c, side);
    return undefined;
  }
  if (a.type !== 'deploy')
    return ruleError(
      RULE,
      'deploy-first',
      'Before turn 1 both sides deploy: send {"type":"deploy",...} or {"type":"done"} to commit.',
    );
  if (!a.template && !a.placements?.length && !a.leaders?.length && !a.commit)
    return ruleError('input', 'empty-deploy', 'deploy: give template "auto", placements, leaders or commit.');
  if (a.template === 'auto') resetToTemplate(s, side);
  const seen = new Set<string>();
  for (const [i, p] of (a.placements ?? []).entries()) {
    const u = s.units.find((x) => x.id === p.unit && x.side === side);
    // The same words for an enemy id and an unknown one: an error must not confirm enemy ids.
    if (!u || !deployable(d, u))
      return ruleError(
        'input',
        'unknown-unit',
        `placements.${i}.unit: no unit "${p.unit}" of yours to deploy.`,
      );
    if (seen.has(u.id))
      return ruleError('input', 'duplicate', `placements.${i}.unit: ${u.name} is placed twice.`);
    seen.add(u.id);
    if (!c.env.map.has(p.hex))
      return ruleError('input', 'off-map', `placements.${i}.hex: hex ${p.hex} is not on the map.`);
    if (!d.zones[side].includes(rowOfHex(p.hex)))
      return ruleError(
        RULE,
        'outside-zone',
        `placements.${i}.hex: ${p.hex} is outside the ${side} deployment zone (${zoneText(d.zones[side])}).`,
      );
    u.hex = p.hex;
    u.facing = p.facing;
  }
  for (const [i, p] of (a.leaders ?? []).entries()) {
    const l = s.leaders.find((x) => x.id === p.leader && x.side === side);
    if (!l || !(l.id in d.template.leaders) || d.template.leaders[l.id] === null)
      return ruleError(
        'input',
        'unknown-leader',
        `leaders.${i}.leader: no leader "${p.leader}" of yours to deploy.`,
      );
    if (!d.zones[side].includes(rowOfHex(p.hex)))
      return ruleError(
        RULE,
        'outside-zone',
        `leaders.${i}.hex: ${p.hex} is outside the ${side} deployment zone (${zoneText(d.zones[side])}).`,
      );
    l.hex = p.hex;
  }
  const e = checkSideDeployment(s, c.env, side);
  if (e) return e;
  const moved = (a.placements?.length ?? 0) + (a.leaders?.length ?? 0);
  c.events.push(
    privateEv(
      side,
      'deploy-draft',
      `${side} deployment draft: ${a.template ? 'the standard deployment' : 'adjusted'}${moved ? ` (${moved} counter${moved === 1 ? '' : 's'} placed)` : ''}.`,
      { side },
    ),
  );
  if (a.commit) commit(c, side);
  return undefined;
}

/** Deadline: every side still drafting commits its draft as it stands (the template if untouched). */
export function commitAll(c: Ctx): void {
  for (const side of ['prussia', 'austria'] as const) commit(c, side);
}

/** Both committed: the placements become visible to both (9.0 lets both examine the forces). */
export function revealDeployment(c: Ctx): void {
  const s = c.s;
  const d = s.deployment;
  if (!d) return;
  const block = d.block;
  if (block) {
    // Scenario 1's activation block follows the deployed positions.
    const indep = new Set(s.formations.filter((f) => f.kind === 'independent').map((f) => f.id));
    const blocked = (hex: string | null, formation: string | null) =>
      hex === null || (formation !== null && indep.has(formation) && block.exemptIndependent)
        ? 0
        : colRow(hex).col <= block.maxColumn
          ? block.throughTurn
          : 0;
    for (const u of s.units) u.blockedThrough = blocked(u.hex, u.formation);
    for (const l of s.leaders) l.blockedThrough = l.role === 'cinc' ? 0 : blocked(l.hex, l.formation);
  }
  c.events.push(
    ev('deployment-revealed', 'Both sides have deployed: the armies face each other (design 5.4).', {
      units: s.units.filter((u) => u.hex !== null).map((u) => ({ unit: u.id, hex: u.hex, facing: u.facing })),
    }),
  );
}
