// Issue 13 item 4 (one home per convention): render may import only the engine's types, so it
// states the nationalities' display order once (render/from-view.ts NATION_ORDER); it must be the
// engine's own list.
import { describe, expect, it } from 'vitest';
import { NATIONALITIES } from '../../src/engine/index.js';
import { NATION_ORDER } from '../../src/render/from-view.js';

describe('the nationalities in display order', () => {
  it('render draws them in the engine order (engine/types.ts NATIONALITIES)', () => {
    expect([...NATION_ORDER]).toEqual([...NATIONALITIES]);
  });
});
