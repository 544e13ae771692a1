import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSource, checkTree } from '../../scripts/layer-guard.js';

const roots: string[] = [];
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layer-guard-'));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

describe('layer guard', () => {
  it('accepts the project as it stands', () => {
    expect(checkTree(process.cwd())).toEqual([]);
  });

  it('catches a planted node: import, a canvas import and Math.random in the engine', () => {
    const root = tree({
      'src/engine/bad.ts': [
        "import { readFileSync } from 'node:fs';",
        "import { createCanvas } from 'canvas';",
        'export const roll = () => Math.floor(Math.random() * 6) + 1;',
      ].join('\n'),
      'src/engine/good.ts':
        "import { z } from 'zod';\nexport const s = z.string(); // Math.random in a comment is fine\n",
    });
    const v = checkTree(root);
    expect(v.map((x) => [x.file, x.line])).toEqual([
      ['src/engine/bad.ts', 1],
      ['src/engine/bad.ts', 2],
      ['src/engine/bad.ts', 3],
    ]);
    expect(v[2]?.message).toMatch(/Math\.random/);
  });

  it('catches the clock in src/map, src/tactical and src/autopilot, but not inside strings', () => {
    expect(checkSource('src/autopilot/x.ts', 'const r = Math.random();')).toHaveLength(1);
    expect(checkSource('src/map/x.ts', 'const t = Date.now();')).toHaveLength(1);
    expect(checkSource('src/tactical/x.ts', 'const d = new Date();')).toHaveLength(1);
    expect(checkSource('src/tactical/x.ts', 'const t = performance.now();')).toHaveLength(1);
    expect(checkSource('src/map/x.ts', "const s = 'Date.now() is banned';")).toEqual([]);
  });

  it('issue #16: the strategic engine never imports the tactical engine or the autopilot', () => {
    expect(
      checkSource('src/engine/combat/x.ts', "import { apply } from '../../tactical/apply.js';"),
    ).toHaveLength(1);
    expect(
      checkSource('src/engine/x.ts', "import type { TacState } from '../tactical/state.js';"),
    ).toHaveLength(1);
    expect(checkSource('src/engine/x.ts', "import { decide } from '../autopilot/decide.js';")).toHaveLength(
      1,
    );
    expect(
      checkSource('src/engine/combat/x.ts', "import type { TacticalHost } from './tactical-host.js';"),
    ).toEqual([]);
    // The other direction is fine (through the engine's public surface, #13.5).
    expect(checkSource('src/tactical/bridge/x.ts', "import { apply } from '../../engine/index.js';")).toEqual(
      [],
    );
  });

  it('keeps the shared kernel (src/kernel) pure as well', () => {
    expect(checkSource('src/kernel/x.ts', 'const r = Math.random();')).toHaveLength(1);
    expect(checkSource('src/kernel/x.ts', "import { readFileSync } from 'node:fs';")).toHaveLength(1);
  });

  it('catches discord.js, drizzle, sqlite, bullmq and ioredis in pure layers, including dynamic imports', () => {
    for (const pkg of ['discord.js', 'drizzle-orm/sqlite-core', 'better-sqlite3', 'bullmq', 'ioredis']) {
      expect(checkSource('src/engine/x.ts', `import x from '${pkg}';`), pkg).toHaveLength(1);
    }
    expect(checkSource('src/engine/x.ts', "const fs = await import('fs');")).toHaveLength(1);
    expect(checkSource('src/engine/x.ts', "export { a } from 'node:path';")).toHaveLength(1);
  });

  it('lets render import engine types but not values', () => {
    expect(checkSource('src/render/a.ts', "import type { View } from '../engine/index.js';")).toEqual([]);
    expect(checkSource('src/render/a.ts', "import { view } from '../engine/index.js';")).toHaveLength(1);
    // Anything outside the engine is fine for the bot.
    expect(checkSource('src/bot/a.ts', "import { Client } from 'discord.js';")).toEqual([]);
  });

  it('#13.5: the bot imports neither the engine nor the database, not even types; src/app is its door', () => {
    expect(
      checkSource('src/bot/a.ts', "import { type View, type Seat } from '../engine/index.js';"),
    ).toHaveLength(1);
    expect(checkSource('src/bot/cmd/a.ts', "import { apply } from '../../engine/index.js';")).toHaveLength(1);
    expect(checkSource('src/bot/a.ts', "import type { GameRow } from '../db/schema.js';")).toHaveLength(1);
    expect(checkSource('src/bot/cmd/a.ts', "const db = await import('../../db/client.js');")).toHaveLength(1);
    expect(checkSource('src/bot/a.ts', "import type { GameRow } from '../app/directory.js';")).toEqual([]);
    expect(
      checkSource('src/bot/a.ts', "import type { CampaignView } from '../app/engine-types.js';"),
    ).toEqual([]);
  });

  it('#13.5: the bot imports neither the tactical engine, the autopilot nor the kernel, not even types', () => {
    expect(
      checkSource('src/bot/battle/a.ts', "import type { TacView } from '../../tactical/view.js';"),
    ).toHaveLength(1);
    expect(
      checkSource('src/bot/battle/a.ts', "import { shockOdds } from '../../tactical/rules/combat.js';"),
    ).toHaveLength(1);
    expect(checkSource('src/bot/a.ts', "import { decide } from '../autopilot/decide.js';")).toHaveLength(1);
    expect(checkSource('src/bot/a.ts', "import { drive } from '../kernel/index.js';")).toHaveLength(1);
    // The app re-exports what the bot may read of battles.
    expect(
      checkSource('src/bot/battle/a.ts', "import type { TacView } from '../../app/battle-types.js';"),
    ).toEqual([]);
  });

  it('#13.5: the bot gets no engine and no raw state: no engine handles from src/app, no RulesEngine', () => {
    expect(
      checkSource('src/bot/battle/a.ts', "import { stateOf } from '../../app/apply-action.js';"),
    ).toHaveLength(1);
    expect(checkSource('src/bot/a.ts', "import { engine } from '../app/engine-adapter.js';")).toHaveLength(1);
    expect(
      checkSource('src/bot/a.ts', "import { battleEngine } from '../app/battle-engine.js';"),
    ).toHaveLength(1);
    expect(checkSource('src/bot/a.ts', "const m = await import('../app/engines.js');")).toHaveLength(1);
    // A dependency typed as the engine port, anywhere but the composition root.
    expect(
      checkSource(
        'src/bot/types.ts',
        "import type { Seat } from '../app/engine-port.js';\nexport interface D { engine: RulesEngine<unknown> }",
      ),
    ).toHaveLength(1);
    expect(
      checkSource('src/bot/client.ts', "import type { RulesEngine } from '../app/engine-port.js';"),
    ).toEqual([]);
    expect(
      checkSource('src/bot/a.ts', "import type { Action } from '../app/engine-port.js'; // not RulesEngine"),
    ).toEqual([]);
    expect(
      checkSource('src/bot/a.ts', "import type { CampaignService } from '../app/campaign-service.js';"),
    ).toEqual([]);
  });

  it('#13.5: outside src/engine, only the public surface src/engine/index.ts may be imported', () => {
    expect(checkSource('src/autopilot/a.ts', "import { apply } from '../engine/apply.js';")).toHaveLength(1);
    expect(
      checkSource(
        'src/tactical/bridge/a.ts',
        "import type { BattleOutcome } from '../../engine/combat/battle.js';",
      ),
    ).toHaveLength(1);
    expect(checkSource('src/app/a.ts', "import { apply } from '../engine/index.js';")).toEqual([]);
    expect(
      checkSource('src/cli/commands/a.ts', "type S = import('../../engine/index.js').GameState;"),
    ).toEqual([]);
    // Inside the engine, modules import each other freely.
    expect(checkSource('src/engine/combat/a.ts', "import { apply } from '../apply.js';")).toEqual([]);
  });

  it('fails the lint step (non-zero exit) on a planted violation', () => {
    const root = tree({ 'src/engine/clock.ts': 'export const now = () => Date.now();\n' });
    let status = 0;
    let stderr = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/layer-guard.ts', root], { stdio: 'pipe' });
    } catch (e) {
      const err = e as { status: number; stderr: Buffer };
      status = err.status;
      stderr = err.stderr.toString();
    }
    expect(status).toBe(1);
    expect(stderr).toContain('src/engine/clock.ts:1');
  });
});
