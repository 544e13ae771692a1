// Every scenario's opening public view and one view per seat render to a sane PNG.
import { describe, expect, it } from 'vitest';
import { NATIONALITIES, SCENARIO_IDS } from '../../src/engine/types.js';
import { viewPng } from '../../src/render/game-picture.js';
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
