// Issue 15: a battle's parsed state is shared between reads while its stored text is unchanged (the
// tactical engine never changes the state it is given); a new action's state is parsed afresh, and
// campaign states are still parsed on every read.
import { expect, it } from 'vitest';
import { stateOf } from '../../src/app/apply-action.js';
import type { GameRow } from '../../src/db/schema.js';

const row = (id: string, kind: string, state: unknown): GameRow =>
  ({ id, kind, state: JSON.stringify(state) }) as GameRow;

it('a battle state is parsed once per stored text; campaign states on every read', () => {
  const a = stateOf(row('gbattle1', 'battle', { version: 1, units: [1, 2] }));
  // Another read of the same row (a new string with the same text) gets the same object.
  expect(stateOf(row('gbattle1', 'battle', { version: 1, units: [1, 2] }))).toBe(a);
  // The text changed (an action was committed, or an umpire repaired it): parsed again.
  const b = stateOf(row('gbattle1', 'battle', { version: 2, units: [1] }));
  expect(b).not.toBe(a);
  expect(b).toEqual({ version: 2, units: [1] });
  // Another battle with the same text is its own entry.
  expect(stateOf(row('gbattle2', 'battle', { version: 2, units: [1] }))).not.toBe(b);
  const c = row('gcampaign1', 'campaign', { turn: 1 });
  expect(stateOf(c)).not.toBe(stateOf(c));
  expect(() => stateOf({ id: 'gx', kind: 'battle', state: null } as GameRow)).toThrow(/no state/);
});
