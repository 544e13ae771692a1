import { describe, expect, it } from 'vitest';
import { apply, finalScore, setup, view } from '../../src/engine/index.js';
import type { GameState } from '../../src/engine/types.js';

function withFrederickCaptured(): GameState {
  const s = setup('1757', 7);
  const fred = Object.values(s.leaders).find((l) => l.nationality === 'prussia' && l.rank === 1)!;
  s.leaders[fred.id] = { ...fred, status: 'captured', hex: null };
  s.ledger.prisonerLeaders.coalition.push(fred.id);
  return s;
}

describe('14.15 forfeit after Frederick is captured', () => {
  it('14.15: the Prussian seat may forfeit at any step while Frederick is a prisoner: a decisive Coalition victory', () => {
    const s = withFrederickCaptured();
    // Not the Prussian seat's step: the option is open all the same.
    s.pending = ['austria'];
    const r = apply(s, 'prussia', { type: 'forfeit' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.over).toMatchObject({ reason: 'forfeit' });
    expect(r.events.some((e) => e.kind === 'forfeit')).toBe(true);
    const score = finalScore(r.state);
    expect(score.winner).toBe('coalition');
    expect(score.level).toBe('decisive');
    // Once over, nothing else applies.
    expect(apply(r.state, 'austria', { type: 'done' }).ok).toBe(false);
  });

  it('14.15: no forfeit while Frederick is free, nor from any other seat; the state is unchanged', () => {
    const free = setup('1757', 7);
    const before = JSON.stringify(free);
    const r1 = apply(free, 'prussia', { type: 'forfeit' });
    expect(r1.ok).toBe(false);
    if (!r1.ok) expect(r1.error.rule).toBe('14.15');
    const captured = withFrederickCaptured();
    for (const seat of ['hanover', 'austria'] as const) {
      const r = apply(captured, seat, { type: 'forfeit' });
      expect(r.ok, seat).toBe(false);
    }
    expect(JSON.stringify(free)).toBe(before);
  });

  it('14.15: only the Prussian view is told the forfeit is open', () => {
    const s = withFrederickCaptured();
    expect(view(s, 'prussia').canForfeit).toBe(true);
    expect(view(s, 'hanover').canForfeit).toBeUndefined();
    expect(view(s, 'austria').canForfeit).toBeUndefined();
    expect(view(setup('1757', 7), 'prussia').canForfeit).toBeUndefined();
  });
});

describe('17.1 the final count in every view', () => {
  it('17.1: once the game is over every view, the public too, carries the victory report; before, none does', () => {
    const s = withFrederickCaptured();
    expect(view(s, 'public').victory).toBeUndefined();
    const r = apply(s, 'prussia', { type: 'forfeit' });
    if (!r.ok) throw new Error(r.error.message);
    for (const viewer of ['public', 'prussia', 'austria'] as const) {
      expect(view(r.state, viewer).victory, viewer).toMatchObject({ winner: 'coalition', level: 'decisive' });
    }
  });
});
