// explainMarch: the engine explains a march's MP hex by hex, each term with its rule case (issue
// #13 item 5: the preview asks the engine instead of replaying prefixes of the path).
import { beforeEach, describe, expect, it } from 'vitest';
import { explainMarch, type MarchCosts } from '../../src/engine/index.js';
import { act, ok, start, withMap } from './helpers.js';

const P = (hex: string, sp: number) => ({
  nationality: 'prussia' as const,
  hex,
  sp,
  leaders: [{ id: 'frederick', rank: 1 }],
});
const A = (hex: string, sp: number) => ({ nationality: 'austria' as const, hex, sp });

beforeEach(() => {
  withMap();
});

function costs(r: ReturnType<typeof explainMarch>): MarchCosts {
  if (!('steps' in r)) throw new Error(`refused: ${r.rule} ${r.message}`);
  return r;
}

describe('explainMarch', () => {
  it('5.41 / 5.43: clear + river + enemy-occupied, term by term, adding up to what apply spends', () => {
    withMap({ hexsides: [['2010', '2011', { kind: 'river', river: 'Elbe' }]] });
    // 5.1: roll 1 + Frederick's Initiative 3 = 4 MP.
    const s = start([P('2010', 6), A('2011', 3)], { dice: [1] });
    const order = { type: 'march', leader: 'frederick', path: ['2011'], take: { sp: 6 } };
    const c = costs(explainMarch(s, 'prussia', order));
    expect(c.allowance).toBe(4);
    expect(c.steps).toEqual([
      {
        hex: '2011',
        cost: 3,
        left: 1,
        parts: [
          { what: 'clear hex', mp: 1, rule: '5.41' },
          { what: 'river hexside', mp: 1, rule: '5.41' },
          { what: 'enemy-occupied hex', mp: 1, rule: '5.43' },
        ],
      },
    ]);
    expect(ok(act(s, 'prussia', order)).movement.active[0]?.mpLeft).toBe(c.steps.at(-1)?.left);
  });

  it('5.45 / 5.6: a pass hexside adds its term; a force already moving starts from what it has left', () => {
    withMap({
      hexsides: [
        ['2011', '2012', { kind: 'mountain' }],
        ['2011', '2012', { kind: 'pass', name: 'Nollendorf' }],
      ],
    });
    const s = start([P('2010', 6), A('0231', 2)], { dice: [3] });
    const moving = ok(act(s, 'prussia', { type: 'march', leader: 'frederick', path: ['2011'] }));
    const c = costs(explainMarch(moving, 'prussia', { type: 'march', leader: 'frederick', path: ['2012'] }));
    expect(c.allowance).toBe(5);
    expect(c.steps[0]?.parts.map((p) => [p.what, p.rule])).toEqual([
      ['clear hex', '5.41'],
      ['pass hexside', '5.6'],
    ]);
    for (const st of c.steps) expect(st.cost).toBe(st.parts.reduce((n, p) => n + p.mp, 0));
  });

  it('5.41: a path too long for the allowance is refused with the case, like apply refuses it', () => {
    const s = start([P('2010', 6), A('0231', 2)], { dice: [1] });
    const r = explainMarch(s, 'prussia', {
      type: 'march',
      leader: 'frederick',
      path: ['2011', '2012', '2013', '2014', '2015'],
    });
    expect('rule' in r && r.rule).toBe('5.41');
    const notMarch = explainMarch(s, 'prussia', { type: 'done' });
    expect('rule' in notMarch && notMarch.code).toBe('not-a-march');
  });
});
