// `ftg battle demo` (also `npm start -- battle` and `ftg demo --battle leuthen-1`): an autopilot
// Leuthen. Prints a line per turn (time, losses, what happened), draws the battlefield after every
// turn to ./out/<scenario>-<seed>/ (the public view: everything on the battlefield is open to both
// sides, ruling "Hidden information"), and ends with the victory result.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandArgs } from '../options.js';

export const summary = 'Play a whole Leuthen with the autopilot on both sides (turn log, pictures, result)';

const HELP = `Usage: ftg battle demo [--scenario leuthen-1|leuthen-2|PATH] [--seed N] [--out DIR] [--no-maps]
                       [--prussia autopilot|random|hold] [--austria autopilot|random|hold]
                       [--turns N] [--dice 4,2,6] [--quiet]

  --scenario   a battle scenario (leuthen-1, leuthen-2) or a path to a scenario JSON file (default leuthen-1)
  --seed       the battle seed (default 1); the autopilots' own RNGs derive from it
  --out        where pictures go (default ./out/<scenario>-<seed>/)
  --no-maps    do not draw pictures (faster)
  --prussia    who plays Prussia: the autopilot (default), random legal play, or hold in place
  --austria    who plays Austria (same choices)
  --turns      stop after this game turn (default: play to the end)
  --dice       die rolls fixed in advance, e.g. 4,2,6
  --quiet      only the turn lines and the result`;

const NAME = { prussia: 'Prussia', austria: 'Austria' } as const;

function clock(turn: number): string {
  if (turn <= 0) return 'before 10:00';
  const m = 10 * 60 + (turn - 1) * 30;
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
}

function bar(done: number, total: number, width = 15): string {
  const n = Math.max(0, Math.min(width, Math.round((done / Math.max(1, total)) * width)));
  return `[${'#'.repeat(n)}${'.'.repeat(width - n)}]`;
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs('battle demo', HELP, {
    args,
    options: {
      scenario: { type: 'string' },
      seed: { type: 'string' },
      out: { type: 'string' },
      'no-maps': { type: 'boolean' },
      prussia: { type: 'string' },
      austria: { type: 'string' },
      dice: { type: 'string' },
      turns: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const v: Record<string, string | boolean | undefined> = parsed.values;
  const fail = (msg: string) => {
    console.error(`ftg battle demo: ${msg}`);
    return 2;
  };
  const { TAC_POLICIES } = await import('../../autopilot/tactical/decide.js');
  type TacPolicy = import('../../autopilot/tactical/decide.js').TacPolicy;
  const policies: Record<'prussia' | 'austria', TacPolicy> = { prussia: 'autopilot', austria: 'autopilot' };
  for (const side of ['prussia', 'austria'] as const) {
    const p = v[side] as string | undefined;
    if (p === undefined) continue;
    if (!(TAC_POLICIES as readonly string[]).includes(p))
      return fail(`--${side} must be one of ${TAC_POLICIES.join(', ')}, got "${p}"`);
    policies[side] = p as TacPolicy;
  }
  const seedArg = (v.seed as string | undefined) ?? '1';
  const seed = Number(seedArg);
  if (!Number.isInteger(seed) || seed < 0)
    return fail(`--seed must be a whole number >= 0, got "${seedArg}"`);
  let dice: number[] = [];
  if (typeof v.dice === 'string') {
    dice = v.dice.split(',').map((x) => Number(x.trim()));
    if (dice.some((d) => !Number.isInteger(d) || d < 0 || d > 9))
      return fail(`--dice takes die rolls 0-9 separated by commas, got "${v.dice}"`);
  }

  let turns: number | undefined;
  if (typeof v.turns === 'string') {
    turns = Number(v.turns);
    if (!Number.isInteger(turns) || turns < 1 || turns > 15)
      return fail(`--turns must be a game turn 1..15, got "${v.turns}"`);
  }
  const { loadTacticalScenario, tacticalScenario } = await import('../../autopilot/tactical/scenarios.js');
  const scenarioArg = (v.scenario as string | undefined) ?? 'leuthen-1';
  let sc: ReturnType<typeof tacticalScenario>;
  if (/^[a-z0-9-]+$/.test(scenarioArg) && !scenarioArg.endsWith('.json')) sc = tacticalScenario(scenarioArg);
  else {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(scenarioArg, 'utf8'));
    } catch (e) {
      return fail(
        `--scenario "${scenarioArg}" is neither a battle scenario id nor a readable JSON file: ${(e as Error).message}`,
      );
    }
    sc = loadTacticalScenario(raw);
  }
  if (!sc.ok) return fail(sc.error);
  const { loaded, map } = sc;
  const id = loaded.data.id;
  const quiet = v.quiet === true;
  const maps = v['no-maps'] !== true;
  const outDir = (v.out as string | undefined) ?? join('out', `${id}-${seed}`);
  if (maps) mkdirSync(outDir, { recursive: true });

  const { playBattle } = await import('../../autopilot/tactical/driver.js');
  const draw = maps ? await import('../../render/tactical/draw.js') : undefined;
  const { formationStyles } = await import('../../render/tactical/from-scenario.js');
  const { view } = await import('../../tactical/view.js');
  const { prisonersLine } = await import('../../tactical/rules/aftermath.js');
  type TacState = import('../../tactical/state.js').TacState;
  type TacticalRenderModel = import('../../render/tactical/model.js').TacticalRenderModel;
  const styles = formationStyles(loaded.data.formations);

  /** The public view (what both sides see) as a render model. */
  const modelOf = (s: TacState, title: string): TacticalRenderModel => {
    const pv = view(s, 'public');
    return {
      title,
      subtitle: `${policies.prussia} (Prussia) against ${policies.austria} (Austria), seed ${seed}; public view`,
      formations: styles,
      units: pv.units
        .filter((u) => u.hex !== null && !u.eliminated)
        .map((u) => ({
          id: u.id,
          side: u.side,
          formation: u.formation,
          arm: u.arm,
          hex: u.hex!,
          facing: u.facing as 0,
          strength: u.arm === 'artillery' ? u.firePoints : u.cp,
          ...(u.disorganized ? { disorganized: true } : {}),
          ...(u.routed ? { routed: true } : {}),
        })),
      leaders: pv.leaders
        .filter((l) => l.hex !== null && !l.eliminated)
        .map((l) => ({
          id: l.id,
          side: l.side,
          name: l.name,
          hex: l.hex!,
          role: l.role === 'aide' ? 'formation' : l.role,
          ...(l.formation ? { formation: l.formation } : {}),
          ...(l.outOfCommand ? { outOfCommand: true } : {}),
        })),
    };
  };
  const picture = (s: TacState, file: string, title: string) => {
    if (!draw) return;
    const pic = draw.renderTacticalMap(map, modelOf(s, title), { width: 1000 });
    writeFileSync(join(outDir, file), pic.png);
  };

  console.log(
    `${loaded.data.name}: ${NAME.prussia} (${policies.prussia}) against ${NAME.austria} (${policies.austria}), seed ${seed}.`,
  );
  if (maps) console.log(`Pictures go to ${outDir}/`);
  const last = loaded.data.lastTurn;
  if (draw) {
    const { modelFromScenario } = await import('../../render/tactical/from-scenario.js');
    const pic = draw.renderTacticalMap(
      map,
      modelFromScenario(loaded.data, { title: `${loaded.data.name.split(':')[0]} - set-up` }),
      { width: 1000 },
    );
    writeFileSync(join(outDir, 'turn-00-setup.png'), pic.png);
  }
  const t0 = performance.now();
  let refused = 0;
  const summary = playBattle({
    loaded,
    map,
    seed,
    policies,
    dice,
    ...(turns !== undefined ? { turns } : {}),
    onRefused: (x) => {
      refused++;
      if (!quiet) console.log(`  (refused ${JSON.stringify(x.action)}: ${x.rule}: ${x.message})`);
    },
    onTurn: ({ turn, state, events }) => {
      const count = (type: string) => events.filter((e) => e.type === type).length;
      const lost = (side: 'prussia' | 'austria') => state.ledger[side].cpLost;
      const routed = (side: 'prussia' | 'austria') =>
        state.units.filter((u) => u.side === side && u.routed && !u.eliminated).reduce((a, u) => a + u.cp, 0);
      const label = turn === 0 ? 'Strategic turns' : `Turn ${String(turn).padStart(2)} (${clock(turn)})`;
      console.log(
        `${label} ${bar(turn, last)} CP lost: Prussia ${lost('prussia')}, Austria ${lost('austria')}; routed now ${routed('prussia')}/${routed('austria')}; ${count('shock')} shocks, ${count('fire')} fire, ${count('eliminated')} units eliminated${count('leader-eliminated') ? `, ${count('leader-eliminated')} leaders lost` : ''}`,
      );
      if (!quiet)
        for (const e of events)
          if (
            [
              'leader-eliminated',
              'cinc-lost',
              'new-cinc',
              'breach',
              'game-over',
              'aftermath',
              'last-turn',
            ].includes(e.type)
          )
            console.log(`    ${e.text}`);
      picture(
        state,
        `turn-${String(turn).padStart(2, '0')}.png`,
        `${loaded.data.name.split(':')[0]} - after turn ${turn} (${clock(turn + 1)})`,
      );
    },
  });
  const over = summary.state.over;
  if (!over) {
    console.log(
      `\nStopped after turn ${turns} (--turns); CP lost: Prussia ${summary.lost.prussia}, Austria ${summary.lost.austria}.`,
    );
    return 0;
  }
  const vp = over.vp ? ` (points Prussia ${over.vp.prussia}, Austria ${over.vp.austria})` : '';
  console.log(
    `\nResult: ${over.winner ? `${NAME[over.winner]} ${over.level} victory` : 'a draw'}: ${over.reason}${vp}.`,
  );
  console.log(
    `CP lost: Prussia ${summary.lost.prussia} of ${summary.state.startCp.prussia}, Austria ${summary.lost.austria} of ${summary.state.startCp.austria}; ${summary.steps} actions in ${((performance.now() - t0) / 1000).toFixed(1)} s${refused ? `; ${refused} refused actions` : ''}.`,
  );
  // Ruling Aftermath: the pursuit's prisoners, beside the killed and wounded above.
  const prisoners = prisonersLine(summary.state);
  if (prisoners) console.log(`${prisoners[0]!.toUpperCase()}${prisoners.slice(1)}.`);
  return 0;
}
