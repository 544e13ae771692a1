// Records the replay fixture (test/replay/fixtures/games.json): a few games played through the
// service's engine adapter by the autopilot on every seat, written with the game repository into
// a SQLite database exactly as the service stores them, then dumped row by row. The test
// (test/replay/stored-games.test.ts) loads the rows into a fresh database and runs
// `ftg replay --verify` on each game: every stored game must still replay to the same states.
//
// Re-record only when a deliberate rule change alters what a logged game does (say so in the
// commit, naming the rule case, and bump RULES_VERSION in src/engine/version.ts; the old fixture's
// games then report "recorded under rules vN" instead of verifying): `npx tsx scripts/record-replay-fixture.ts`.
import { writeFileSync } from 'node:fs';
import { engine } from '../src/app/engine-adapter.js';
import { openDatabase } from '../src/db/client.js';
import { commitAction, insertGame, startGame } from '../src/db/game-repository.js';
import { actions, games, seats, snapshots } from '../src/db/schema.js';

interface Plan {
  id: string;
  scenario: string;
  seed: number;
  options: Record<string, unknown>;
  /** Game-Turns to play from the scenario's first. */
  turns: number;
  /** Every n-th action is the deadline's `timeout` instead of the autopilot's choice (0 = never). */
  timeoutEvery: number;
  /** Autopilot level of every seat (1 passive, 2 standard). */
  level: number;
}

const PLANS: Plan[] = [
  { id: 'fx-1757-s3', scenario: '1757', seed: 3, options: {}, turns: 8, timeoutEvery: 0, level: 2 },
  { id: 'fx-1756-s7', scenario: '1756', seed: 7, options: {}, turns: 6, timeoutEvery: 53, level: 2 },
  { id: 'fx-1758-s11', scenario: '1758', seed: 11, options: {}, turns: 5, timeoutEvery: 0, level: 2 },
  {
    id: 'fx-1760-dice',
    scenario: '1760',
    seed: 5,
    options: { dice: [6, 6, 1, 2, 5, 3] },
    turns: 5,
    timeoutEvery: 0,
    level: 2,
  },
  { id: 'fx-1759-s4', scenario: '1759', seed: 4, options: {}, turns: 10, timeoutEvery: 0, level: 2 },
  { id: 'fx-1762-s2', scenario: '1762', seed: 2, options: {}, turns: 5, timeoutEvery: 0, level: 2 },
  // A battle whose beaten side chooses its retreat (9.51-9.52): 1761 seed 6, turn 7.
  { id: 'fx-1761-s6', scenario: '1761', seed: 6, options: {}, turns: 7, timeoutEvery: 0, level: 2 },
];

const SNAPSHOT_EVERY = 50;
const MAX_ACTIONS = 4000;

const handle = openDatabase(':memory:');
const db = handle.db;
const at = Date.UTC(2026, 0, 1);
for (const p of PLANS) {
  const seatList = engine.seats(p.scenario) ?? [];
  insertGame(db, {
    id: p.id,
    guildId: 'fixture-guild',
    channelId: `fixture-${p.id}`,
    createdBy: 'fixture',
    scenario: p.scenario,
    seed: p.seed,
    options: p.options,
    settings: { snapshotEvery: SNAPSHOT_EVERY },
    seats: seatList,
    at,
  });
  let state = engine.setup(p.scenario, p.seed, p.options);
  startGame(db, p.id, state, at, engine.versions);
  let version = 0;
  const lastTurn = state.turn + p.turns - 1;
  while (!engine.isOver(state) && state.turn <= lastTurn && version < MAX_ACTIONS) {
    const seat = engine.pendingSeats(state)[0];
    if (!seat) throw new Error(`${p.id}: nobody pending at version ${version}`);
    const deadline = p.timeoutEvery > 0 && (version + 1) % p.timeoutEvery === 0;
    const action = deadline ? { type: 'timeout' } : engine.autopilot!(state, seat, p.level);
    const r = engine.apply(state, seat, action);
    if (!r.ok) throw new Error(`${p.id}: refused at version ${version}: ${r.error.message}`);
    const c = commitAction(db, {
      gameId: p.id,
      expectedVersion: version,
      seat,
      actor: deadline ? 'deadline' : 'autopilot',
      userId: null,
      action,
      events: r.events,
      newState: r.state,
      over: engine.isOver(r.state),
      at: at + version + 1,
      snapshotEvery: SNAPSHOT_EVERY,
    });
    if (!c.ok) throw new Error(`${p.id}: commit conflict`);
    state = r.state;
    version = c.version;
  }
  console.log(`${p.id}: ${version} actions, turn ${state.turn}, phase ${state.phase}`);
}

// Events are not replayed (the replay checks states); keep the fixture small by dropping them.
const dump = {
  note: 'Games recorded by scripts/record-replay-fixture.ts; rows of the games, seats, actions and snapshots tables.',
  games: db.select().from(games).all(),
  seats: db.select().from(seats).all(),
  actions: db
    .select()
    .from(actions)
    .all()
    .map((a) => ({ ...a, events: '[]' })),
  snapshots: db.select().from(snapshots).all(),
};
writeFileSync('test/replay/fixtures/games.json', `${JSON.stringify(dump)}\n`);
handle.close();
