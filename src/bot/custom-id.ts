// Component custom ids. Every button carries the game, the seat, the user it was sent to, the step
// it was made for and a short token naming what it does, so a click can be checked before anything
// happens: the clicking user must be the addressee, the game and seat must exist, the game must
// still be in the step the button was made for, and the token must still be pending. A button from
// an earlier step never acts in a later one: it answers privately that it expired.
// Discord allows 100 characters; our ids stay well below.
import { createHash } from 'node:crypto';

export type ComponentVerb =
  /** Confirm / edit / cancel an order preview (token = preview id). */
  | 'ok'
  | 'edit'
  | 'cancel'
  /** Choose one of the legal actions offered for a decision (token = action digest). */
  | 'pick'
  /** 14.15 forfeit: ask, then confirm or withdraw (token = the game version it was offered at). */
  | 'forfeit'
  | 'forfeit-yes'
  | 'forfeit-no';

const VERBS: readonly ComponentVerb[] = [
  'ok',
  'edit',
  'cancel',
  'pick',
  'forfeit',
  'forfeit-yes',
  'forfeit-no',
];

export interface ComponentId {
  verb: ComponentVerb;
  gameId: string;
  seat: string;
  userId: string;
  /** stepTag() of the engine step the button was made for; ANY_STEP when it is valid in any step. */
  step: string;
  token: string;
}

/** For buttons valid at any moment (the 14.15 forfeit). */
export const ANY_STEP = 'any';

const PREFIX = 'sk2';
/** Ids of the first format carried no step: they are all expired. */
const OLD_PREFIXES = new Set(['sk1']);
const PART = /^[A-Za-z0-9_.-]{1,40}$/;

export const EXPIRED_MESSAGE =
  'This button belongs to an earlier step of the campaign and has expired; nothing was done. Use /help for your current choices.';

/**
 * A short, id-safe tag naming one engine step (the RulesEngine port's step().id). A prompt's id ends
 * with the seats it still waits for (`…combat.tactical-offer@1626/prussia+austria`); that suffix
 * shrinks as they answer, so it is left out: a button of a decision asked of two seats at once stays
 * valid for the second while it is still asked (the click is checked against its legal actions).
 */
export function stepTag(stepId: string): string {
  const name = stepId.replace(/\/[a-z+:._-]*$/, '');
  return createHash('sha256').update(name).digest('base64url').slice(0, 10);
}

/**
 * A battle's formation seat (`austria:reserve`, issue 15) has a colon, our separator: in an id it is
 * written with a dot (formation ids are lower-case kebab, campaign seats have neither).
 */
const seatIn = (seat: string): string => seat.replace(':', '.');
const seatOut = (part: string): string => part.replace('.', ':');

export function encodeComponentId(raw: ComponentId): string {
  const c = { ...raw, seat: seatIn(raw.seat) };
  for (const p of [c.gameId, c.seat, c.userId, c.step, c.token]) {
    if (!PART.test(p)) throw new Error(`custom id part "${p}" is not allowed`);
  }
  const id = [PREFIX, c.verb, c.gameId, c.seat, c.userId, c.step, c.token].join(':');
  if (id.length > 100) throw new Error('custom id too long');
  return id;
}

/** Parses a custom id; anything we did not produce is an error value, never an exception. */
export function decodeComponentId(
  raw: unknown,
): { ok: true; id: ComponentId } | { ok: false; message: string; expired?: boolean } {
  if (typeof raw !== 'string' || raw.length > 100)
    return { ok: false, message: 'This button is not one of ours.' };
  const parts = raw.split(':');
  if (
    OLD_PREFIXES.has(parts[0] ?? '') &&
    parts.length === 6 &&
    (VERBS as readonly string[]).includes(parts[1] ?? '') &&
    parts.slice(2).every((p) => PART.test(p))
  )
    return { ok: false, message: EXPIRED_MESSAGE, expired: true };
  if (parts.length !== 7 || parts[0] !== PREFIX)
    return { ok: false, message: 'This button is not one of ours.' };
  const [, verb, gameId, seat, userId, step, token] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!(VERBS as readonly string[]).includes(verb))
    return { ok: false, message: 'This button is not one of ours.' };
  for (const p of [gameId, seat, userId, step, token]) {
    if (!PART.test(p))
      return { ok: false, message: 'This button is damaged; ask for a fresh one with /help.' };
  }
  return {
    ok: true,
    id: { verb: verb as ComponentVerb, gameId, seat: seatOut(seat), userId, step, token },
  };
}
