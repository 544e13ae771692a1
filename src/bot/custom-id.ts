// Component custom ids. Every button carries the game, the seat, the user it was sent to and a
// short token naming what it does, so a click can be checked before anything happens: the clicking
// user must be the addressee, the game and seat must exist, and the token must still be pending.
// Discord allows 100 characters; our ids stay well below.

export type ComponentVerb =
  /** Confirm / edit / cancel an order preview (token = preview id). */
  | 'ok'
  | 'edit'
  | 'cancel'
  /** Choose one of the legal actions offered for a decision (token = version.index). */
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
  token: string;
}

const PREFIX = 'sk1';
const PART = /^[A-Za-z0-9_.-]{1,40}$/;

export function encodeComponentId(c: ComponentId): string {
  for (const p of [c.gameId, c.seat, c.userId, c.token]) {
    if (!PART.test(p)) throw new Error(`custom id part "${p}" is not allowed`);
  }
  const id = [PREFIX, c.verb, c.gameId, c.seat, c.userId, c.token].join(':');
  if (id.length > 100) throw new Error('custom id too long');
  return id;
}

/** Parses a custom id; anything we did not produce is an error value, never an exception. */
export function decodeComponentId(
  raw: unknown,
): { ok: true; id: ComponentId } | { ok: false; message: string } {
  if (typeof raw !== 'string' || raw.length > 100)
    return { ok: false, message: 'This button is not one of ours.' };
  const parts = raw.split(':');
  if (parts.length !== 6 || parts[0] !== PREFIX)
    return { ok: false, message: 'This button is not one of ours.' };
  const [, verb, gameId, seat, userId, token] = parts as [string, string, string, string, string, string];
  if (!(VERBS as readonly string[]).includes(verb))
    return { ok: false, message: 'This button is not one of ours.' };
  for (const p of [gameId, seat, userId, token]) {
    if (!PART.test(p))
      return { ok: false, message: 'This button is damaged; ask for a fresh one with /help.' };
  }
  return { ok: true, id: { verb: verb as ComponentVerb, gameId, seat, userId, token } };
}
