import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');

describe('map build (scripts/build-map.ts)', () => {
  it('reproduces the committed assets/map/map.json byte for byte (deterministic, not stale)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'map-build-')), 'map.json');
    execFileSync(tsx, [join(root, 'scripts/build-map.ts'), '--out', out], { cwd: root, stdio: 'pipe' });
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(root, 'assets/map/map.json'), 'utf8'));
  });
});
