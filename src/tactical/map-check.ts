// Invariants of a battlefield map (pure): what `ftg battle map check` and the tests verify.
// Each check is named so a failure says which invariant broke.
import { areAdjacent, colRow, hexCentre, type TacHexId } from './hex.js';
import type { TacticalMap } from './map.js';
import { type FeatureFile, featureCentre, projection } from './map-features.js';

/** Hexes the Leuthen rules text names: the Scenario 2 entry hexes (on the west edge, in order). */
export const LEUTHEN_ENTRY_HEXES = ['0919', '1020', '1119', '1220', '1319', '1420'] as const;
/** The Scenario 1 special rule's column ("on or north of 14XX"). */
export const LEUTHEN_FROZEN_COLUMN = 14;
export const LEUTHEN_VILLAGES = [
  'Leuthen',
  'Sagschütz',
  'Lobetinz',
  'Frobelwitz',
  'Nippern',
  'Borne',
  'Gross-Heidau',
  'Radaxdorf',
] as const;
export const LEUTHEN_HEIGHTS = ['Butterberg', 'Kiefernberg', 'Sophienberg', 'Schönberg', 'Wachberg'] as const;

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

function result(name: string, problems: string[], okDetail: string): CheckResult {
  return { name, ok: problems.length === 0, detail: problems.length ? problems.join('; ') : okDetail };
}

/** Centre hex of a named village (its label), or undefined. */
function villageHex(map: TacticalMap, name: string): TacHexId | undefined {
  const l = map.findLabel(name);
  return l && l.kind === 'village' ? l.hex : undefined;
}

/** The Leuthen checks; `features` enables the feature-file distance check. */
export function checkLeuthenMap(map: TacticalMap, features?: FeatureFile): CheckResult[] {
  const out: CheckResult[] = [];

  // 1. Every hex the rules name exists.
  {
    const missing = LEUTHEN_ENTRY_HEXES.filter((h) => !map.has(h));
    const col14 = map.hexes().some((h) => colRow(h).col === LEUTHEN_FROZEN_COLUMN);
    if (!col14) missing.push('14XX' as never);
    out.push(
      result(
        'rules-hexes-exist',
        missing.map((h) => `${h} missing`),
        'entry hexes and column 14 exist',
      ),
    );
  }

  // 2. Entry hexes on the west edge, one connected chain.
  {
    const p: string[] = [];
    for (const h of LEUTHEN_ENTRY_HEXES)
      if (map.has(h) && !map.isEdge(h, 'west')) p.push(`${h} is not a west-edge hex`);
    for (let i = 0; i + 1 < LEUTHEN_ENTRY_HEXES.length; i++)
      if (!areAdjacent(LEUTHEN_ENTRY_HEXES[i]!, LEUTHEN_ENTRY_HEXES[i + 1]!))
        p.push(`${LEUTHEN_ENTRY_HEXES[i]} and ${LEUTHEN_ENTRY_HEXES[i + 1]} not adjacent`);
    if (map.friendlyEdge('prussia') !== 'west') p.push('the Prussian edge is not west');
    out.push(result('entry-on-west-edge', p, 'the six entry hexes form one chain on the west edge'));
  }

  // 3. Named villages and heights present.
  {
    const p: string[] = [];
    for (const v of LEUTHEN_VILLAGES) {
      const h = villageHex(map, v);
      if (!h) p.push(`village ${v} has no label`);
      else if (map.terrain(h) !== 'village' && map.terrain(h) !== 'churchyard')
        p.push(`village ${v}: label hex ${h} is ${map.terrain(h)}`);
    }
    for (const n of LEUTHEN_HEIGHTS) {
      const l = map.findLabel(n);
      if (l?.kind !== 'height') p.push(`height ${n} has no label`);
      else if (map.elevation(l.hex) < 1) p.push(`height ${n}: label hex ${l.hex} has elevation 0`);
    }
    const cy = map.hexes().filter((h) => map.terrain(h) === 'churchyard');
    if (cy.length !== 1) p.push(`expected one churchyard hex, found ${cy.length}`);
    else if (map.hexName(cy[0]!) !== 'Leuthen') p.push(`the churchyard ${cy[0]} is not in Leuthen`);
    out.push(
      result(
        'places-present',
        p,
        `${LEUTHEN_VILLAGES.length} villages, ${LEUTHEN_HEIGHTS.length} heights, the churchyard`,
      ),
    );
  }

  // 4. Orientation: column 14 falls between Frobelwitz and Leuthen.
  {
    const p: string[] = [];
    const f = villageHex(map, 'Frobelwitz');
    const l = villageHex(map, 'Leuthen');
    if (f && l) {
      const cf = colRow(f).col;
      const cl = colRow(l).col;
      if (!(cf <= LEUTHEN_FROZEN_COLUMN && cl > LEUTHEN_FROZEN_COLUMN))
        p.push(`Frobelwitz column ${cf}, Leuthen column ${cl}: column 14 is not between them`);
    } else p.push('Frobelwitz or Leuthen missing');
    out.push(
      result(
        'column-14-between-frobelwitz-and-leuthen',
        p,
        'Frobelwitz on or north of 14XX, Leuthen south of it',
      ),
    );
  }

  // 5. Pairwise village distances within one hex of the feature file.
  if (features) {
    const p: string[] = [];
    const k = features.hexMetres / 1000;
    const proj = projection(features);
    const villages = features.features.filter((x) => x.kind === 'village' && x.name);
    for (let i = 0; i < villages.length; i++) {
      for (let j = i + 1; j < villages.length; j++) {
        const a = villages[i]!;
        const b = villages[j]!;
        const ha = villageHex(map, a.name!);
        const hb = villageHex(map, b.name!);
        if (!ha || !hb) continue;
        const ca = featureCentre(a.geometry);
        const cb = featureCentre(b.geometry);
        const want = Math.hypot(ca.x - cb.x, ca.y - cb.y) / k;
        const pa = hexCentre(ha);
        const pb = hexCentre(hb);
        const got = Math.hypot(pa.x - pb.x, pa.y - pb.y);
        if (Math.abs(want - got) > 1)
          p.push(
            `${a.name}-${b.name}: ${got.toFixed(1)} hexes on the map, ${want.toFixed(1)} in the features`,
          );
      }
      // and the village's hex contains its feature centre's projection within one hex
      const v = villages[i]!;
      const h = villageHex(map, v.name!);
      if (h) {
        const w = proj.toWorld(featureCentre(v.geometry));
        const c = hexCentre(h);
        if (Math.hypot(w.x - c.x, w.y - c.y) > 1) p.push(`${v.name} drawn more than a hex from its feature`);
      }
    }
    out.push(result('village-distances', p, `${villages.length} villages within a hex of the feature file`));
  }

  // 6. No stream runs between two hexes of one village (a stream never cuts a village).
  {
    const p: string[] = [];
    for (const [key, feats] of map.hexsides()) {
      if (!feats.includes('stream')) continue;
      const [a, b] = key.split('/') as [TacHexId, TacHexId];
      const na = map.hexName(a);
      const built = (h: TacHexId) => map.terrain(h) === 'village' || map.terrain(h) === 'churchyard';
      if (na && na === map.hexName(b) && built(a) && built(b)) p.push(`stream ${key} cuts ${na}`);
    }
    out.push(result('no-stream-cuts-a-village', p, 'no stream hexside inside a village'));
  }

  // 7. Both edges reachable: every hex from the west edge, and the east edge from the west edge
  //    through ground cavalry can cross (no marsh, no churchyard).
  {
    const p: string[] = [];
    const reach = (ok: (h: TacHexId) => boolean) => {
      const seen = new Set<TacHexId>();
      const queue = map.edgeHexes('west').filter(ok);
      for (const h of queue) seen.add(h);
      for (let i = 0; i < queue.length; i++)
        for (const n of map.neighbours(queue[i]!))
          if (!seen.has(n) && ok(n)) {
            seen.add(n);
            queue.push(n);
          }
      return seen;
    };
    const all = reach(() => true);
    if (all.size !== map.hexes().length)
      p.push(`${map.hexes().length - all.size} hexes unreachable from the west edge`);
    const cav = reach((h) => map.terrain(h) !== 'marsh' && map.terrain(h) !== 'churchyard');
    const eastReached = map.edgeHexes('east').filter((h) => cav.has(h)).length;
    if (eastReached === 0) p.push('no east-edge hex reachable from the west edge on open ground');
    out.push(
      result(
        'edges-reachable',
        p,
        `all hexes reachable; ${eastReached} east-edge hexes reachable on open ground`,
      ),
    );
  }
  return out;
}
