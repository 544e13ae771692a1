import { describe, expect, it } from 'vitest';
import { decodeComponentId, encodeComponentId } from '../../src/bot/custom-id.js';
import { editDistance, matchName, normalizeName } from '../../src/bot/fuzzy.js';
import { NameBook } from '../../src/bot/names.js';
import { parseLeaderList, parsePath, parseStops } from '../../src/bot/parse/path.js';

const names = new NameBook({
  fortresses: [
    { hex: '1730', name: 'Dresden' },
    { hex: '1623', name: 'Magdeburg' },
    { hex: '2217', name: 'Berlin' },
    { hex: '1500', name: 'Köln' },
  ],
  towns: [
    { hex: '1728', name: 'Torgau' },
    { hex: '1001', name: 'Frankfurt am Main' },
    { hex: '1801', name: 'Frankfurt an der Oder' },
  ],
});

describe('fuzzy names', () => {
  it('normalises accents and case', () => {
    expect(normalizeName('Köln')).toBe('koln');
    expect(normalizeName('  FRANKFURT-am-Main ')).toBe('frankfurt am main');
  });
  it('edit distance counts a transposition as one', () => {
    expect(editDistance('dresdne', 'dresden')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
  });
  it('accepts a typo, a prefix and an accent-free spelling', () => {
    expect(names.hex('Dresdn')).toMatchObject({ ok: true, match: { value: '1730' }, exact: false });
    expect(names.hex('magde')).toMatchObject({ ok: true, match: { value: '1623' } });
    expect(names.hex('koln')).toMatchObject({ ok: true, match: { value: '1500' }, exact: true });
  });
  it('reports an ambiguous name with the candidates, and an unknown one with the closest', () => {
    const amb = names.hex('Frankfurt');
    expect(amb.ok).toBe(false);
    if (!amb.ok) {
      expect(amb.reason).toBe('ambiguous');
      expect(amb.message).toMatch(
        /Frankfurt am Main or Frankfurt an der Oder|Frankfurt an der Oder or Frankfurt am Main/,
      );
    }
    const unknown = names.hex('Atlantis');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.message).toMatch(/No place is called "Atlantis"/);
  });
  it('short queries must be exact', () => {
    expect(matchName('Bxr', [{ name: 'Ber', value: 1 }], 'x').ok).toBe(false);
  });
});

describe('march paths', () => {
  it('mixes hex numbers and names, in order, noting fuzzy readings', () => {
    const r = parsePath('1729, Torgau -> Dresdn', names);
    expect(r).toMatchObject({ ok: true, value: ['1729', '1728', '1730'] });
    if (r.ok) expect(r.notes.join(' ')).toMatch(/Dresden/);
  });
  it('accepts space-separated hex numbers', () => {
    expect(parsePath('1729 1730 1731', names)).toMatchObject({ ok: true, value: ['1729', '1730', '1731'] });
  });
  it('refuses a malformed hex number, an unknown place and an over-long path', () => {
    expect(parsePath('172', names)).toMatchObject({ ok: false });
    expect(parsePath('Atlantis', names)).toMatchObject({ ok: false });
    expect(parsePath(Array(13).fill('1729').join(','), names)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/5\.36/),
    });
    expect(parsePath('', names)).toMatchObject({ ok: false });
  });
  it('5.35: stops pick up and drop SP and leaders along the path', () => {
    const leader = (n: string) =>
      n.toLowerCase().startsWith('kei')
        ? { ok: true as const, id: 'keith' }
        : { ok: false as const, message: `no leader ${n}` };
    expect(parseStops('Torgau: drop 2 keith; 1730: pick 3', names, leader)).toMatchObject({
      ok: true,
      value: [
        { hex: '1728', drop: { sp: 2, leaders: ['keith'] } },
        { hex: '1730', pick: { sp: 3 } },
      ],
    });
    expect(parseStops('Torgau: 2', names, leader)).toMatchObject({ ok: false });
    expect(parseStops('Torgau: drop nobody', names, leader)).toMatchObject({
      ok: false,
      message: 'no leader nobody',
    });
    expect(parseLeaderList('keith, Keit', leader)).toMatchObject({ ok: true, value: ['keith'] });
  });
});

describe('component ids', () => {
  it('round-trips and rejects anything we did not make', () => {
    const id = {
      verb: 'ok' as const,
      gameId: 'g1',
      seat: 'prussia',
      userId: '123456789012345678',
      step: 'abcdefghij',
      token: 'p1',
    };
    expect(decodeComponentId(encodeComponentId(id))).toEqual({ ok: true, id });
    for (const garbage of [
      '',
      'x',
      'sk2:zap:g1:prussia:1:s:p1',
      'sk2:ok:g1:prussia:1:s',
      'sk2:ok:g 1:prussia:1:s:p1',
      'sk1:ok:g1:prussia:1:p1',
      42,
      null,
      'a'.repeat(101),
    ]) {
      expect(decodeComponentId(garbage).ok).toBe(false);
    }
  });
});
