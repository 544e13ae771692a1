// Every scenario's opening public view and one view per seat render to a sane PNG.
import { describe, expect, it } from 'vitest';
import { NATIONALITIES, SCENARIO_IDS } from '../../src/engine/types.js';
import { pictureFromView } from '../../src/render/from-view.js';
import { viewPng } from '../../src/render/game-picture.js';
import { LabelPlacer, overlaps } from '../../src/render/labels.js';
import { renderPicture } from '../../src/render/render-map.js';
import { game, pngInfo, theBase, viewOf } from './helpers.js';

const MB = 1024 * 1024;

describe('opening pictures of every scenario', () => {
  for (const id of SCENARIO_IDS) {
    it(`${id}: public whole-map picture is a PNG under 2 MB`, () => {
      const r = viewPng(viewOf(game(id), 'public'), theBase());
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const info = pngInfo(r.png);
      expect(info.signature).toBe(true);
      expect(info.width).toBe(r.width);
      expect(info.height).toBe(r.height);
      expect(r.width).toBeGreaterThan(1500);
      expect(r.png.length).toBeLessThan(2 * MB);
      expect(r.picture.stacks.length).toBeGreaterThan(0);
    });
  }
});

describe('one picture per seat (1757)', () => {
  const state = game('1757');
  for (const seat of NATIONALITIES) {
    it(`${seat}: whole map, and a zoom under 500 KB`, () => {
      const v = viewOf(state, seat);
      const full = viewPng(v, theBase());
      expect(full.ok).toBe(true);
      const zoom = viewPng(v, theBase(), { centre: '1623', radius: 4 });
      expect(zoom.ok).toBe(true);
      if (!zoom.ok || !full.ok) return;
      expect(pngInfo(zoom.png).signature).toBe(true);
      expect(zoom.png.length).toBeLessThan(500 * 1024);
      expect(zoom.width).toBeLessThan(full.width);
      expect(full.picture.viewer).toBe(seat);
    });
  }
});

describe('bad render options come back as errors', () => {
  const v = viewOf(game('1757'), 'prussia');
  it('a centre off the map', () => {
    const r = viewPng(v, theBase(), { centre: '9999' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/--center hex "9999" is not on the map/);
  });
  it('a malformed centre', () => {
    const r = viewPng(v, theBase(), { centre: 'Dresden' });
    expect(r.ok).toBe(false);
  });
  it('a radius out of range', () => {
    const r = viewPng(v, theBase(), { centre: '1623', radius: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/--radius/);
  });
});

describe('labels never collide', () => {
  const state = game('1757');
  for (const [seat, centre] of [
    ['prussia', undefined],
    ['austria', undefined],
    ['prussia', '1623'],
    ['public', '1125'],
  ] as const) {
    it(`${seat} ${centre ? `zoom on ${centre}` : 'whole map'}: no label overlaps a counter, marker or other label`, () => {
      const picture = pictureFromView(viewOf(state, seat));
      const r = renderPicture(picture, { base: theBase(), ...(centre ? { centre } : {}) });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.labels.length).toBeGreaterThan(centre ? 5 : 40);
      for (const l of r.labels) {
        const others = r.boxes.filter((b) => b.x !== l.x || b.y !== l.y || b.w !== l.w || b.h !== l.h);
        expect(others.some((b) => overlaps(b, l))).toBe(false);
      }
    });
  }

  it('the placer refuses a box that overlaps a reserved one', () => {
    const p = new LabelPlacer({ x: 0, y: 0, w: 100, h: 100 });
    p.reserve({ x: 10, y: 10, w: 20, h: 20 });
    expect(p.place([{ x: 25, y: 25, w: 10, h: 10 }])).toBeUndefined();
    expect(p.place([{ x: 95, y: 0, w: 10, h: 10 }])).toBeUndefined(); // out of bounds
    expect(
      p.place([
        { x: 25, y: 25, w: 10, h: 10 },
        { x: 40, y: 40, w: 10, h: 10 },
      ]),
    ).toEqual({ x: 40, y: 40, w: 10, h: 10 });
  });
});
