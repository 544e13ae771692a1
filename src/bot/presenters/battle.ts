// Battle reports. The engine's 'battle' event (seen by both sides: 9.0 lets both players examine
// the two forces once the attack is committed) carries the numbers; this turns them into a report
// people want to read: both forces, the odds column, the die, each side's result, losses, leaders
// killed or captured, prisoners, who won and why, who must retreat. The public channel gets only
// the 'battle-public' event: where, and who won (the outcome shows on the map anyway: the loser
// retreats), never a strength.
import type { APIEmbed } from 'discord-api-types/v10';
import type { EngineEvent } from '../../app/engine-port.js';
import type { BattleEventData, BattlePublicData, BattleSideReport } from '../../app/engine-types.js';
import type { NameBook } from '../names.js';
import { NATIONS, seatLabel } from '../session.js';
import { placeLabel } from './describe.js';

export const SIDE_NAMES: Record<string, string> = {
  'prussian-allied': 'Prussian-Allied',
  coalition: 'Coalition',
};

type SideReport = BattleSideReport;
type BattleData = BattleEventData;

/**
 * The engine's 'battle' event data (BattleEventData, engine/combat/outcome.ts); null when the event is
 * not one, or carries no report (an engine behind the port that only tells it in words).
 */
export function battleData(e: EngineEvent): BattleData | null {
  if (e.type !== 'battle') return null;
  const d = e.data as Partial<BattleData> | undefined;
  if (typeof d?.hex !== 'string' || !d.attacker || !d.defender) return null;
  return d as BattleData;
}

const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);

function byNation(r: Record<string, number>): string {
  const parts = Object.entries(r)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => NATIONS.indexOf(a as never) - NATIONS.indexOf(b as never))
    .map(([nat, n]) => `${seatLabel(nat)} ${n}`);
  return parts.length > 1 ? ` (${parts.join(', ')})` : '';
}

function startSp(s: SideReport): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of [s.remainingSp, s.eliminated, s.captured])
    for (const [k, v] of Object.entries(part)) out[k] = (out[k] ?? 0) + v;
  return out;
}

function resultText(s: SideReport): string {
  if (s.result.kind === 'captured') return 'the whole force is taken prisoner (P)';
  return `${s.result.percent}% losses${s.result.leaderKilled ? ', and a leader falls (L)' : ''}`;
}

function sideField(role: 'Attacker' | 'Defender', s: SideReport, names: NameBook | undefined) {
  const leader = (id: string) => (names ? names.leaderName(id) : id);
  const start = startSp(s);
  const lines = [
    `**${sum(start)} SP**${byNation(start)}${s.leaders?.length ? ` under ${s.leaders.map(leader).join(', ')}` : ''}`,
  ];
  lines.push(`Result: ${resultText(s)}`);
  const lost = sum(s.eliminated);
  const taken = sum(s.captured);
  lines.push(
    lost || taken
      ? `Lost: ${lost} SP killed or wounded${taken ? `, ${taken} SP taken prisoner` : ''}`
      : 'Lost: nothing',
  );
  if (s.killed.length) lines.push(`Killed in action: ${s.killed.map(leader).join(', ')} (9.44)`);
  if (s.capturedLeaders.length) lines.push(`Captured: ${s.capturedLeaders.map(leader).join(', ')}`);
  lines.push(`Left standing: ${sum(s.remainingSp)} SP`);
  return { name: `${role} — ${SIDE_NAMES[s.side] ?? s.side}`, value: lines.join('\n'), inline: true };
}

/** The one-line headline of a battle, e.g. "Battle at Torgau (1728): Coalition victory". */
export function battleHeadline(hex: string, victor: string, names?: NameBook): string {
  const outcome = victor === 'draw' ? 'a draw' : `${SIDE_NAMES[victor] ?? victor} victory`;
  return `⚔️ Battle at ${placeLabel(names, hex)}: ${outcome}`;
}

/** The full report for the two sides (both forces are known to both once committed, 9.0). */
export function battleEmbed(d: BattleData, names?: NameBook): APIEmbed {
  const a = d.attacker;
  const def = d.defender;
  const aStart = sum(startSp(a));
  const dStart = sum(startSp(def));
  // The victor is decided on the enemy SP removed by the result itself (eliminated, or the whole
  // force taken on a P) plus the commander's Initiative; prisoners come after (9.45).
  const removed = (s: SideReport) => sum(s.eliminated) + (s.result.kind === 'captured' ? sum(s.captured) : 0);
  const initiative = (s: SideReport, enemy: SideReport) => Math.max(0, s.score - removed(enemy));
  const odds = d.tactical
    ? [
        `${aStart} SP attacking ${dStart} SP, fought out on the tactical map: the losses, prisoners and leaders' fates below come from how that battle ended.`,
      ]
    : [
        `${aStart} SP attacking ${dStart} SP: the **${d.column}%** column of the Combat Results Table (9.2).`,
        d.die !== undefined
          ? `The attacker rolled ${d.die}; with the leaders' ratings and terrain the roll counts as **${d.modifiedRoll}** (9.22).`
          : `The attacker's die, with the leaders' ratings and terrain, came to **${d.modifiedRoll}** (9.22).`,
      ];
  const why =
    d.victor === 'draw'
      ? `Neither side prevailed: ${a.score} to ${def.score} (enemy SP removed + the commander's Initiative, 9.0). A draw: nobody retreats.`
      : (() => {
          const win = d.victor === a.side ? a : def;
          const lose = win === a ? def : a;
          const parts = [
            `${SIDE_NAMES[win.side] ?? win.side} carries the field, ${win.score} to ${lose.score} (${removed(lose)} enemy SP removed + Initiative ${initiative(win, lose)}, against ${removed(win)} + ${initiative(lose, win)}).`,
          ];
          if (d.prisonersDue > 0 && lose.result.kind !== 'captured')
            parts.push(
              `The difference, ${d.prisonersDue}, is taken in prisoners as far as there are men to take: ${sum(lose.captured)} SP (9.45).`,
            );
          if (d.mustRetreat === lose.side || (d.mustRetreat === undefined && sum(lose.remainingSp) > 0))
            parts.push(`The ${SIDE_NAMES[lose.side] ?? lose.side} survivors must retreat (9.51).`);
          else parts.push(`Nothing of the ${SIDE_NAMES[lose.side] ?? lose.side} force is left to retreat.`);
          return parts.join(' ');
        })();
  return {
    title: battleHeadline(d.hex, d.victor, names),
    description: odds.join('\n'),
    fields: [
      sideField('Attacker', a, names),
      sideField('Defender', def, names),
      { name: 'Outcome', value: why.slice(0, 1000) },
    ],
    footer: {
      text: 'Both sides may see both forces once a battle is fought (9.0); the channel sees only the outcome.',
    },
  };
}

/** Full report embeds for the battle events among `events` (at most `max`). */
export function battleEmbeds(events: readonly EngineEvent[], names?: NameBook, max = 3): APIEmbed[] {
  return events
    .map(battleData)
    .filter((d): d is BattleData => d !== null)
    .slice(-max)
    .map((d) => battleEmbed(d, names));
}

/** One line for an event list: a battle names where and who won; the full report goes in its own embed. */
export function battleLine(e: EngineEvent, names?: NameBook): string | null {
  if (e.type === 'battle') {
    const d = battleData(e);
    return d ? `${battleHeadline(d.hex, d.victor, names)} (full report below).` : null;
  }
  if (e.type === 'battle-public') {
    const d = e.data as Partial<BattlePublicData> | undefined;
    if (typeof d?.hex !== 'string') return null;
    // Issue 16: a battle fought out on the tactical map is announced before it has a victor.
    if (typeof d.victor !== 'string') return `⚔️ A battle is being fought at ${placeLabel(names, d.hex)}.`;
    return `${battleHeadline(d.hex, d.victor, names)}.`;
  }
  return null;
}
