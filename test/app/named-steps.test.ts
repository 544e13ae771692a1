// Named steps (issue #13): the prompts of the phases run by modules are named by the module
// (`combat.option@2011`) and the seats asked, not by a hash of the phase state; the old hashed id
// stays an alias so the deadlines of games stored before still name their step.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { engine } from '../../src/app/engine-adapter.js';
import { isStep } from '../../src/app/engine-port.js';
import { canonicalJson } from '../../src/app/replay.js';
import type { GameState } from '../../src/engine/types.js';

function playUntil(pred: (s: GameState) => boolean, scenario = '1757', seed = 3): GameState {
  let s = engine.setup(scenario, seed, {});
  for (let i = 0; i < 3000 && !pred(s); i++) {
    const seat = engine.pendingSeats(s)[0]!;
    const r = engine.apply(s, seat, engine.autopilot!(s, seat, 2));
    if (!r.ok) throw new Error(r.error.message);
    s = r.state;
  }
  if (!pred(s)) throw new Error('the state was never reached');
  return s;
}

it('a combat prompt is named by its stage, hex and the seat asked; the hashed id is an alias', () => {
  const s = playUntil((x) => x.phase === 'combat' && x.combat.hook.combat?.stage === 'option');
  const step = engine.step(s);
  const hex = s.combat.hook.combat!.option!.hex;
  const asked = engine.pendingSeats(s).join('+');
  expect(step.kind).toBe('prompt');
  expect(step.id).toBe(`t${s.turn}.${s.phasing}.combat.option@${hex}/${asked}`);
  const legacy = `t${s.turn}.${s.phasing}.combat.${createHash('sha1').update(canonicalJson(s.combat.hook)).digest('hex').slice(0, 12)}`;
  expect(step.aliases).toEqual([legacy]);
  expect(isStep(step, legacy)).toBe(true);
  expect(isStep(step, step.id)).toBe(true);
  expect(isStep(step, `t${s.turn}.${s.phasing}.combat.000000000000`)).toBe(false);
});

it('the other phases keep their plain ids (turn, phasing side, phase) without aliases', () => {
  const s = engine.setup('1757', 3, {});
  expect(engine.step(s)).toEqual({ id: `t${s.turn}.${s.phasing}.${s.phase}`, kind: 'phase' });
});

it('a new sub-decision is a new step: declining passes the option and changes the name', () => {
  const s = playUntil((x) => x.phase === 'combat' && x.combat.hook.combat?.stage === 'option');
  const seat = engine.pendingSeats(s)[0]!;
  const hex = s.combat.hook.combat!.option!.hex;
  const r = engine.apply(s, seat, { type: 'combat-decline', hex });
  if (!r.ok) return; // 5.54 may forbid declining here; the naming is covered above
  expect(engine.step(r.state).id).not.toBe(engine.step(s).id);
});
