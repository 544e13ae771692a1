// A battle's decisions as Discord controls (issue 15). The usual choices (which formation to
// activate, yield the first activation, a prompt's options such as a retreat hex or advancing, the
// end of an activation) are buttons built from the engine's legal actions, addressed to one user and
// tagged with the step they were made for (custom-id.ts), so a button from an earlier step expires.
// Free orders (move, face, fire, shock) are given with /battle commands and previewed first.
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import type { TacView } from '../../app/battle-types.js';
import type { Action } from '../../app/engine-port.js';
import { encodeComponentId, stepTag } from '../custom-id.js';
import { actionKey } from '../orders.js';
import { battleSeatName, unitName } from './present.js';

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** Action types offered as buttons: short lists of decisions, not free orders. */
const BUTTON_TYPES = new Set(['done', 'activate', 'yield-first', 'choose', 'deploy']);

export function isBattleButton(a: Action): boolean {
  // A campaign battle's secret deployment (issue 16): the template as a button; single placements are orders.
  if (a.type === 'deploy') return a.placements === undefined && a.leaders === undefined;
  return BUTTON_TYPES.has(a.type);
}

function formationName(view: TacView | null | undefined, id: string): string {
  return view?.formations.find((f) => f.id === id)?.name ?? id;
}

/** A battle action said in words, with unit and formation names from the view. */
export function battleActionLabel(view: TacView | null | undefined, a: Action): string {
  const u = (k: string) => unitName(view, String(a[k] ?? '?'));
  switch (a.type) {
    case 'done':
      return 'Done (end this step)';
    case 'activate':
      return `Activate ${((a.formations as string[]) ?? []).map((f) => formationName(view, f)).join(' + ')}`;
    case 'yield-first':
      return 'Let the enemy activate first';
    case 'deploy':
      return a.commit === true ? 'Deploy as the template and commit' : 'Reset my deployment to the template';
    case 'choose': {
      const p = view?.prompt as { options?: { label: string; value: string }[] } | null | undefined;
      return p?.options?.find((o) => o.value === a.value)?.label ?? String(a.value);
    }
    case 'move':
      return `Move ${u('unit')} to ${String(a.to)}`;
    case 'face':
      return `Turn ${u('unit')} to facing ${String(a.facing)}`;
    case 'fire':
      return `${u('unit')} fires at ${u('target')}`;
    case 'shock':
      return `Shock: ${((a.attackers as string[]) ?? []).map((x) => unitName(view, x)).join(', ')} against ${(
        (a.defenders as string[]) ?? []
      )
        .map((x) => unitName(view, x))
        .join(', ')}`;
    case 'move-leader':
      return `Move leader ${String(a.leader)} to ${String(a.to)}`;
    case 'enter':
      return `Bring ${u('unit')} onto the field`;
    case 'breach':
      return `${u('unit')} fires at the wall of ${String(a.hex)}`;
    default:
      return a.type;
  }
}

export function battleDecisionRows(o: {
  gameId: string;
  seat: string;
  userId: string;
  stepId: string;
  actions: Action[];
  view: TacView | null;
  /** The order as the service takes it (a campaign battle wraps it, battle/host.ts); the button's token. */
  wrap?: (a: Action) => Action;
  /** Several seats' buttons in one message: each label names its seat. */
  seatInLabel?: boolean;
}): Row[] {
  const wrap = o.wrap ?? ((a: Action) => a);
  const seen = new Set<string>();
  const picks = o.actions
    .filter(isBattleButton)
    .filter((a) => !seen.has(actionKey(a)) && seen.add(actionKey(a)))
    .slice(0, 20);
  const rows: Row[] = [];
  for (let i = 0; i < picks.length; i += 5) {
    rows.push({
      type: ComponentType.ActionRow,
      components: picks.slice(i, i + 5).map((a) => {
        const label = `${o.seatInLabel ? `${battleSeatName(o.seat, o.view)}: ` : ''}${battleActionLabel(o.view, a)}`;
        return {
          type: ComponentType.Button,
          custom_id: encodeComponentId({
            verb: 'pick',
            gameId: o.gameId,
            seat: o.seat,
            userId: o.userId,
            step: stepTag(o.stepId),
            token: actionKey(wrap(a)),
          }),
          label: label.length > 80 ? `${label.slice(0, 77)}…` : label,
          style: a.type === 'done' ? ButtonStyle.Secondary : ButtonStyle.Primary,
        };
      }),
    });
  }
  return rows;
}

/** What a seat may do now, in words: the prompt, and how many free orders of each kind. */
export function battleDecisionText(view: TacView | null, seat: string, legal: Action[]): string[] {
  const out: string[] = [];
  const p = view?.prompt as { text?: string } | null | undefined;
  if (p?.text && legal.some((a) => a.type === 'choose')) out.push(`Decide: ${p.text}`);
  const count = (t: string) => legal.filter((a) => a.type === t).length;
  const orders = [
    ['move', '/battle move'],
    ['face', '/battle face'],
    ['fire', '/battle fire'],
    ['shock', '/battle shock'],
  ]
    .filter(([t]) => count(t!) > 0)
    .map(([t, c]) => `${c} (${count(t!)} legal)`);
  if (orders.length) out.push(`Orders: ${orders.join(' · ')}; press Done when the formation has finished.`);
  if (seat.includes(':') === false && legal.some((a) => a.type === 'activate'))
    out.push('As commander-in-chief you choose which formation acts next.');
  return out;
}
