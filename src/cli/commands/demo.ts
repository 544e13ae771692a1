// `ftg demo` (`npm run demo`; `npm start` without a Discord token): a local campaign with the
// autopilot on every seat. Prints a turn log with a progress line per Game-Turn, writes the public
// map and one map per seat after each Game-Turn to ./out/<scenario>-<seed>/, and ends with the
// victory result (17.0-17.1).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandArgs } from '../options.js';

export const summary = 'Play a local campaign with the autopilot on every seat (turn log, maps, victory)';

const HELP = `Usage: ftg demo [--scenario 1757|PATH] [--seed N] [--turns N] [--out DIR] [--no-maps]
                [--level standard|passive|SEAT=LEVEL,...] [--dice 4,2,6] [--quiet]
                [--tactical off|offer|always] [--trace all|SEAT,...]
                [--cut TURN:PHASE[:SEAT]|end --position FILE] [--from FILE]

  --scenario   a scenario id (1756..1762, default 1757) or a path to a scenario JSON file
  --seed       the game seed (default 1); the autopilots' own RNGs derive from it
  --turns      stop after this Game-Turn (default: the scenario's last turn)
  --out        where maps go (default ./out/<scenario>-<seed>/)
  --no-maps    do not draw maps (faster)
  --level      autopilot level for every seat, or per seat, e.g. prussia=standard,austria=passive
  --dice       die rolls fixed in advance, e.g. 4,2,6
  --quiet      only the progress lines and the result
  --trace      print every autopilot decision of these seats (or all) with its reason, as
               "T<turn> <phase> <seat>: <action JSON> -- <reason>" (ends of step left out); every
               seat's private plan shows, so this is for local runs and bug reports only
  --cut        TURN:PHASE[:SEAT]: play to the first state of that Game-Turn and phase (with that
               seat to act), write the game there as a position file (--position FILE) and stop;
               end: the whole game
  --position   where --cut writes the position: the scenario, seed, dice and action log, which
               the engine alone replays (tests build board positions from such files)
  --from       a position file: play on from there (its scenario, seed and dice; its levels unless
               --level is given). The autopilots resume their random streams where the position
               was cut, so with the recorded levels the game goes on as it was played
  --tactical   off|offer|always: fight eligible battles out on the tactical map (default off here,
               since every seat is the autopilot and they accept the offer; campaigns in the
               service default to offer)
  --battle ID  play the autopilot battle ID (leuthen-1, leuthen-2) instead: see ftg battle demo --help
  --games N    balance run: N campaigns (seeds --seed, --seed+1, ...) without maps; prints a
               markdown summary (levels of victory, SP lost by side and by cause, fortresses
               changing hands); --level may name a level per seat here too`;

const SIDE_NAME = { 'prussian-allied': 'Prussian-Allied', coalition: 'Coalition' } as const;

function bar(done: number, total: number, width = 18): string {
  const n = Math.max(0, Math.min(width, Math.round((done / Math.max(1, total)) * width)));
  return `[${'#'.repeat(n)}${'.'.repeat(width - n)}]`;
}

export async function run(args: string[]): Promise<number> {
  // `ftg demo --battle leuthen-1 [battle demo options]`: the autopilot battle (ftg battle demo).
  const b = args.findIndex((a) => a === '--battle' || a.startsWith('--battle='));
  if (b >= 0) {
    const a = args[b]!;
    const scenario = a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[b + 1];
    if (!scenario || scenario.startsWith('--')) {
      console.error('ftg demo: --battle needs a battle scenario (leuthen-1, leuthen-2 or a path)');
      return 2;
    }
    const rest = args.filter((_, i) => i !== b && !(i === b + 1 && !a.includes('=')));
    const { run: battleDemo } = await import('../battle/demo.js');
    return battleDemo(['--scenario', scenario, ...rest]);
  }
  const parsed = parseCommandArgs('demo', HELP, {
    args,
    options: {
      scenario: { type: 'string' },
      seed: { type: 'string' },
      turns: { type: 'string' },
      out: { type: 'string' },
      'no-maps': { type: 'boolean' },
      level: { type: 'string' },
      dice: { type: 'string' },
      quiet: { type: 'boolean' },
      tactical: { type: 'string' },
      games: { type: 'string' },
      trace: { type: 'string' },
      cut: { type: 'string' },
      position: { type: 'string' },
      from: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!parsed.ok) return parsed.exit;
  const values: Record<string, string | boolean | undefined> = parsed.values;
  const fail = (msg: string) => {
    console.error(`ftg demo: ${msg}`);
    return 2;
  };

  const engine = await import('../../engine/index.js');
  const { NATIONALITIES } = await import('../../engine/index.js');
  const { isLevel } = await import('../../autopilot/decide.js');
  type Level = import('../../autopilot/decide.js').Level;
  type Seat = import('../../engine/index.js').Seat;

  // --from: a recorded position (src/autopilot/position.ts) names the scenario, seed and dice.
  let from: import('../../autopilot/position.js').Position | undefined;
  if (values.from !== undefined) {
    for (const clash of ['scenario', 'seed', 'dice', 'games', 'cut'] as const)
      if (values[clash] !== undefined)
        return fail(`--from takes the scenario, seed and dice from the position file; drop --${clash}`);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(String(values.from), 'utf8'));
    } catch (e) {
      return fail(`--from "${values.from}" is not a readable JSON file: ${(e as Error).message}`);
    }
    const { parsePosition } = await import('../../autopilot/position.js');
    const p = parsePosition(raw);
    if (!p.ok) return fail(`--from ${values.from}: not a position file (${p.message})`);
    from = p.value;
  }
  const scenarioArg = from?.scenario ?? (values.scenario as string | undefined) ?? '1757';
  let scenario: Parameters<typeof engine.setup>[0];
  let scenarioName: string;
  if (engine.isScenarioId(scenarioArg)) {
    scenario = scenarioArg;
    scenarioName = scenarioArg;
  } else {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(scenarioArg, 'utf8'));
    } catch (e) {
      return fail(
        `--scenario "${scenarioArg}" is neither a scenario id (1756..1762) nor a readable JSON file: ${(e as Error).message}`,
      );
    }
    const parsed = engine.parseScenario(raw);
    if (!parsed.ok) return fail(`scenario ${scenarioArg}: ${parsed.error}`);
    scenario = parsed.value;
    scenarioName = parsed.value.id;
  }
  const seedText = from ? String(from.seed) : ((values.seed as string | undefined) ?? '1');
  const seed = /^-?\d+$/.test(seedText) ? Number(seedText) : seedText;
  let turns: number | undefined;
  if (values.turns !== undefined) {
    turns = Number(values.turns);
    if (!Number.isInteger(turns) || turns < 1 || turns > 18)
      return fail(`--turns must be a Game-Turn 1..18, got "${values.turns}"`);
  }
  let dice: number[] | undefined = from?.dice;
  if (values.dice !== undefined) {
    const parts = String(values.dice)
      .split(',')
      .map((s) => s.trim());
    if (parts.some((p) => !/^[1-6]$/.test(p)))
      return fail(`--dice takes die faces 1..6 separated by commas, got "${values.dice}"`);
    dice = parts.map(Number);
  }
  // A position keeps the levels it was recorded with: played on with them by default.
  let level: Level | Partial<Record<Seat, Level>> = from?.levels ?? 'standard';
  if (values.level !== undefined) {
    const text = String(values.level);
    if (isLevel(text)) level = text;
    else {
      const per: Partial<Record<Seat, Level>> = {};
      for (const part of text.split(',')) {
        const [seat, lv] = part.split('=').map((s) => s.trim());
        if (!seat || !lv || !(NATIONALITIES as readonly string[]).includes(seat) || !isLevel(lv))
          return fail(
            `--level takes "standard", "passive" or SEAT=LEVEL pairs (seats: ${NATIONALITIES.join(', ')}), got "${part}"`,
          );
        per[seat as Seat] = lv;
      }
      level = per;
    }
  }
  const tacticalMode = (values.tactical as string | undefined) ?? 'off';
  if (tacticalMode !== 'off' && tacticalMode !== 'offer' && tacticalMode !== 'always')
    return fail(`--tactical takes off, offer or always, got "${values.tactical}"`);
  if (tacticalMode !== 'off') (await import('../../app/tactical.js')).registerTacticalBattles();
  const tactical =
    tacticalMode === 'off' ? undefined : { mode: tacticalMode as 'offer' | 'always', minSp: 6 };
  const quiet = !!values.quiet;
  // --trace: the autopilot's decisions and reasons (driver.ts StepInfo), for the seats asked.
  let traceSeats: Set<string> | undefined;
  if (values.trace !== undefined) {
    const text = String(values.trace).trim();
    const list = text === 'all' ? [...NATIONALITIES] : text.split(',').map((x) => x.trim());
    const bad = list.filter((x) => !(NATIONALITIES as readonly string[]).includes(x));
    if (list.length === 0 || bad.length > 0)
      return fail(
        `--trace takes all or seats separated by commas (${NATIONALITIES.join(', ')}), got "${text}"`,
      );
    traceSeats = new Set(list);
  }
  // --cut: play to the first state of that turn and phase (with that seat to act), write the
  // position there (--position FILE) and stop.
  let cut: ((state: import('../../engine/index.js').GameState) => boolean) | 'end' | undefined;
  if (values.cut !== undefined) {
    const { parseCut } = await import('../../autopilot/position.js');
    cut = parseCut(String(values.cut));
    if (!cut)
      return fail(
        `--cut takes TURN:PHASE, TURN:PHASE:SEAT (e.g. 11:forcemarch:prussia) or end; phases: ${engine.GAME_TURN_PHASES.join(', ')}; got "${values.cut}"`,
      );
    if (values.position === undefined) return fail('--cut needs --position FILE (where the position goes)');
    if (typeof scenario !== 'string')
      return fail('--cut needs a scenario id (1756..1762): a position records the scenario by its id');
    if (values.games !== undefined) return fail('--cut plays one game: drop --games');
  } else if (values.position !== undefined) return fail('--position needs --cut TURN:PHASE[:SEAT]');
  const maps = !values['no-maps'];
  const outDir = (values.out as string | undefined) ?? join('out', `${scenarioName}-${seedText}`);

  const { loadMap } = await import('../../map/strategic-map.js');
  const map = loadMap();
  engine.useMap(map);
  const { playGame } = await import('../../autopilot/driver.js');

  if (cut && typeof scenario === 'string') {
    const { recordPosition, formatPosition } = await import('../../autopilot/position.js');
    const levelText = typeof level === 'string' ? level : JSON.stringify(level);
    const cutText = String(values.cut);
    let rec: ReturnType<typeof recordPosition>;
    try {
      rec = recordPosition(
        { scenario, seed, level, map, ...(dice ? { dice } : {}) },
        cut,
        `ftg demo --scenario ${scenario} --seed ${seedText} --level ${levelText}${dice ? ` --dice ${dice.join(',')}` : ''} --cut ${cutText}`,
      );
    } catch (e) {
      console.error(`ftg demo: the game stopped: ${(e as Error).message}`);
      return 1;
    }
    if (!rec) {
      console.error(`ftg demo: the game never reached ${cutText}; no position written`);
      return 1;
    }
    const file = String(values.position);
    writeFileSync(file, formatPosition(rec.position));
    const next = engine.pendingSeats(rec.state)[0];
    console.log(
      `Position written to ${file}: scenario ${scenario}, seed ${seedText}, ${rec.position.actions.length} actions; Game-Turn ${rec.state.turn}, ${rec.state.phase}${next ? `, ${next} to act` : ''}`,
    );
    return 0;
  }
  let fromState: import('../../engine/index.js').GameState | undefined;
  if (from) {
    const { positionState } = await import('../../autopilot/position.js');
    try {
      fromState = positionState(from, map);
    } catch (e) {
      return fail(`--from ${values.from}: ${(e as Error).message}`);
    }
  }

  if (values.games !== undefined) {
    const games = Number(values.games);
    if (!Number.isInteger(games) || games < 1)
      return fail(`--games must be a positive whole number, got "${values.games}"`);
    if (typeof seed !== 'number') return fail('--games needs a numeric --seed (the first of the series)');
    const { runBatch, batchMarkdown, outcomeLabel } = await import('../../autopilot/balance.js');
    const seeds = Array.from({ length: games }, (_, i) => seed + i);
    const t0 = Date.now();
    const b = runBatch({
      scenario,
      seeds,
      level,
      map,
      onGame: (i, g) => {
        if (!quiet)
          console.log(
            `game ${i + 1}/${games} seed ${seeds[i]}: ${outcomeLabel(g)} (${g.victory.total['prussian-allied']} to ${g.victory.total.coalition}); ${((Date.now() - t0) / 1000).toFixed(0)}s`,
          );
      },
    });
    console.log(`\n${batchMarkdown(b)}`);
    return 0;
  }

  // Maps: drawn by the render layer from views only; without it, the views are written as JSON.
  let drawMaps:
    | ((
        state: import('../../engine/index.js').GameState,
        events: import('../../engine/index.js').GameEvent[],
        turn: number,
      ) => void)
    | undefined;
  let mapsWritten = 0;
  let mapNote = '';
  if (maps) {
    mkdirSync(outDir, { recursive: true });
    let viewPng: typeof import('../../render/game-picture.js').viewPng | undefined;
    let base: import('../../render/base-layer.js').BaseLayer | undefined;
    try {
      const gp = await import('../../render/game-picture.js');
      const cb = await import('../../render/campaign-base.js');
      viewPng = gp.viewPng;
      base = cb.campaignBase(map);
    } catch (e) {
      mapNote = `the renderer is unavailable (${(e as Error).message}); writing views as JSON instead`;
    }
    drawMaps = (state, events, turn) => {
      const seats = NATIONALITIES.filter(
        (n) =>
          Object.values(state.forces).some((hf) => hf[n]) ||
          Object.values(state.leaders).some((l) => l.nationality === n && l.status === 'map'),
      );
      for (const viewer of ['public' as const, ...seats]) {
        const v = engine.view(state, viewer, events, map);
        const name = `end-of-turn-${String(turn).padStart(2, '0')}-${viewer}`;
        if (viewPng && base) {
          const r = viewPng(v, base, { supply: viewer !== 'public' });
          if (r.ok) {
            writeFileSync(join(outDir, `${name}.png`), r.png);
            mapsWritten++;
            continue;
          }
          mapNote = `render failed (${r.error}); wrote the view as JSON`;
        }
        writeFileSync(join(outDir, `${name}.json`), JSON.stringify({ ...v, legal: undefined }, null, 1));
        mapsWritten++;
      }
    };
  }

  const started = Date.now();
  let battles = 0;
  let sieges = 0;
  let lastTurn = 0;
  console.log(
    `Soldier-King demo: scenario ${scenarioName}, seed ${seedText}, autopilot ${typeof level === 'string' ? level : JSON.stringify(level)} on every seat${maps ? `, maps to ${outDir}/` : ''}`,
  );
  let summaryResult: ReturnType<typeof playGame>;
  try {
    summaryResult = playGame({
      scenario,
      seed,
      level,
      map,
      ...(turns !== undefined ? { turns } : {}),
      ...(dice ? { dice } : {}),
      ...(tactical ? { tactical } : {}),
      ...(fromState ? { from: fromState, ...(from?.autopilot ? { rngStates: from.autopilot } : {}) } : {}),
      ...(traceSeats
        ? {
            onStep: ({ seat, action, why, state }: import('../../autopilot/driver.js').StepInfo) => {
              if (action.type === 'done' || !traceSeats?.has(seat)) return;
              console.log(`  T${state.turn} ${state.phase} ${seat}: ${JSON.stringify(action)} -- ${why}`);
            },
          }
        : {}),
      onTurn: ({ turn, state, events }) => {
        lastTurn = turn;
        const pub = engine.eventsFor(events, 'public', state.seatSide);
        const notable = pub.filter((e) =>
          /^(battle|fortress-captured|captured|storm|siege-roll|honours|surrender|overwhelm-success|leader-killed|removed|withdrawal|game-over|reinforcement)/.test(
            e.kind,
          ),
        );
        battles += pub.filter((e) => e.kind === 'battle-public' || e.kind === 'battle').length;
        sieges += pub.filter((e) => e.kind === 'siege-roll').length;
        if (!quiet) for (const e of notable) console.log(`    ${e.text}`);
        let elimA = 0;
        let elimC = 0;
        for (const [n, v] of Object.entries(state.ledger.eliminated)) {
          if (state.seatSide[n as Seat] === 'prussian-allied') elimA += v ?? 0;
          else elimC += v ?? 0;
        }
        console.log(
          `Turn ${String(turn).padStart(2)}/${state.lastTurn} ${bar(turn - state.firstTurn + 1, state.lastTurn - state.firstTurn + 1)} SP lost: allied ${elimA}, coalition ${elimC}; battles ${battles}, siege rolls ${sieges}; ${((Date.now() - started) / 1000).toFixed(1)}s`,
        );
        drawMaps?.(state, events, turn);
      },
    });
  } catch (e) {
    console.error(`ftg demo: the game stopped: ${(e as Error).message}`);
    return 1;
  }
  const r = summaryResult;
  const v = r.victory;
  console.log('');
  console.log(
    `Game over (${r.endedBy}) after Game-Turn ${r.state.over?.turn ?? lastTurn}, ${r.steps} decisions.`,
  );
  for (const side of ['prussian-allied', 'coalition'] as const)
    console.log(
      `  ${SIDE_NAME[side].padEnd(16)} fortress VP ${String(v.fortressVp[side]).padStart(3)}  losses -${String(v.lossVp[side]).padStart(3)}  total ${String(v.total[side]).padStart(4)}   (SP eliminated ${r.losses[side].eliminated}, held prisoner ${r.losses[side].prisoners})`,
    );
  if (r.captures.length > 0)
    console.log(
      `  Fortresses changing hands: ${r.captures.map((c) => `${map.fortress(c.hex)?.name ?? c.hex} to ${SIDE_NAME[c.side]} (turn ${c.turn})`).join('; ')}`,
    );
  const result =
    v.winner === 'draw'
      ? `Draw (difference ${v.difference})`
      : `${SIDE_NAME[v.winner]} ${v.level} victory (difference ${v.difference}, 17.1)`;
  console.log(
    r.endedBy === 'turn-limit'
      ? `Standing when stopped by --turns (not a final result): ${result}`
      : `Result: ${result}`,
  );
  if (r.refused > 0)
    console.log(`  note: the engine refused ${r.refused} listed action(s); the autopilot chose again.`);
  if (maps) {
    writeFileSync(
      join(outDir, 'result.json'),
      JSON.stringify(
        {
          scenario: scenarioName,
          seed,
          steps: r.steps,
          endedBy: r.endedBy,
          victory: v,
          losses: r.losses,
          captures: r.captures,
        },
        null,
        2,
      ),
    );
    console.log(`Maps: ${mapsWritten} files in ${outDir}/`);
    if (mapNote) console.log(`  note: ${mapNote}`);
  }
  return 0;
}
