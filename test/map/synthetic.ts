// A small synthetic map file for tests: 4 rows x 6 columns, mostly clear.
import type { MapFile } from '../../src/map/schema.js';

export function syntheticMapFile(over: Partial<MapFile> = {}): MapFile {
  return {
    format: 1,
    provenance: 'reconstructed',
    rationale: 'test map',
    rows: 4,
    cols: 6,
    // North first: row 4 is all sea except two land hexes; row 1 has a mountain hex at 0103.
    terrain: ['~~..~~', '......', '....o.', '..^...'],
    regionLegend: { S: 'saxony', B: 'bohemia', '-': 'other' },
    regions: ['--SS--', 'SSSSSS', 'BBBB-B', 'BBBBBB'],
    zones: ['000000', '000000', '000000', '000000'],
    rivers: { Elbe: ['0202/0203', '0203/0303'] },
    mountainHexsides: ['0201/0202', '0101/0102'],
    passes: [{ hexside: '0102/0202', name: 'Test pass' }],
    seaHexsides: [],
    lakeHexsides: [],
    fortresses: [
      {
        hex: '0202',
        name: 'Königgrätz',
        vp: 3,
        region: 'bohemia',
        provenance: 'reconstructed',
        rationale: 'test',
      },
    ],
    towns: [{ hex: '0305', name: 'Leipzig' }],
    ...over,
  };
}
