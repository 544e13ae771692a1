// The job processors, shared by the in-process runner and the bullmq workers. Each one reads the
// database first and does nothing if the work is already done, so duplicated or retried jobs are
// harmless: the database, not the queue, is the truth.
import type { Db } from '../db/client.js';
import {
  claimReminder,
  closeAllDeadlines,
  closeDeadline,
  ensureDeadline,
  getDeadlineById,
  markFired,
  recordPublished,
  wasPublished,
} from '../db/deadline-repository.js';
import { eventsBetween, getGame, getSeats, markResolved } from '../db/game-repository.js';
import {
  addToOutbox,
  getOutboxRow,
  markOutboxSent,
  type OutboxEntry,
  outboxKey,
} from '../db/outbox-repository.js';
import type { DeadlineRow, GameRow } from '../db/schema.js';
import { drive } from '../kernel/index.js';
import type { Job, JobHandler, JobQueue, PublishTopic } from '../queue/jobs.js';
import { type ApplyDeps, applyWithRetry, settingsOf, stateOf } from './apply-action.js';
import type { Clock } from './clock.js';
import {
  type Action,
  DONE,
  type EngineEvent,
  isStep,
  type RulesEngine,
  type Seat,
  type StepInfo,
  timeoutAction,
} from './engine-port.js';
import type { OutboundMessage, Publisher } from './publisher.js';
import { refusal } from './result.js';

export interface ProcessorDeps {
  db: Db;
  engine: RulesEngine<unknown>;
  clock: Clock;
  queue: JobQueue;
  publisher: Publisher;
  log?: (msg: string, data?: Record<string, unknown>) => void;
  /** Autopilot work per job (default DEFAULT_AUTOPILOT_SLICE). */
  autopilotSlice?: AutopilotSlice;
}

/** Upper bound on autopilot actions in one go, so a faulty autopilot cannot spin forever. */
const MAX_AUTOPILOT_ACTIONS = 500;

/**
 * How much autopilot work one job does before it hands the rest to a follow-up job, so the event
 * loop (interactions, other games) gets a turn in between (#19.1): a time budget and an action cap.
 */
export interface AutopilotSlice {
  ms: number;
  actions: number;
}
export const DEFAULT_AUTOPILOT_SLICE: AutopilotSlice = { ms: 50, actions: 100 };

/**
 * Let the autopilot act for every pending seat it holds, until only human (or vacant) seats are
 * pending or the game ends, or the slice is used up (`more`: work remains for a follow-up job).
 */
export function driveAutopilot(
  deps: ApplyDeps & Pick<ProcessorDeps, 'log'>,
  gameId: string,
  slice: AutopilotSlice = { ms: Number.POSITIVE_INFINITY, actions: MAX_AUTOPILOT_ACTIONS },
): { applied: number; more: boolean } {
  let applied = 0;
  const refused = new Set<string>();
  const started = performance.now();
  let game: GameRow | undefined;
  // The one game loop (src/kernel/drive.ts) over the stored game: each turn reads the game, and a
  // candidate is "accepted" once committed, or once someone else moved the game (look again).
  const result = drive<number, Action, { counted: boolean }>({
    state: -1,
    isOver: () => false,
    next() {
      if (applied >= MAX_AUTOPILOT_ACTIONS) return { stop: 'limit' };
      if (applied > 0 && (applied >= slice.actions || performance.now() - started >= slice.ms))
        return { stop: 'slice' };
      game = getGame(deps.db, gameId);
      if (game?.status !== 'active') return { stop: 'inactive' };
      const g = game;
      const state = stateOf(g);
      const levels = new Map(getSeats(deps.db, gameId).map((s) => [s.seat, s.autopilot]));
      const seat = deps.engine
        .pendingSeats(state)
        .find((s) => (levels.get(s) ?? 0) > 0 && !refused.has(`${g.version}:${s}`));
      if (!seat) return { stop: 'idle' };
      const level = levels.get(seat) ?? 1;
      // The autopilot's own choice, then `done`, then a timeout: the first the engine accepts.
      const candidates: Action[] = [];
      if (deps.engine.autopilot) candidates.push(deps.engine.autopilot(state, seat, level));
      candidates.push(DONE, timeoutAction(seat));
      return { seat, candidates };
    },
    apply(_version, seat, candidate) {
      const version = (game as GameRow).version;
      const r = applyWithRetry(deps, {
        gameId,
        seat,
        actor: 'autopilot',
        userId: null,
        // One autopilot action per seat and version, however many drivers race for it.
        requestId: `autopilot:${version}`,
        prepare: (s, g) =>
          g.version === version && deps.engine.pendingSeats(s).includes(seat)
            ? candidate
            : refusal('conflict', 'moved on'),
      });
      if (r.ok) return { ok: true, state: r.version, events: [{ counted: !r.duplicate }] };
      // Someone else moved the game: look again.
      if (r.error.code === 'conflict' || r.error.code === 'wrong-status')
        return { ok: true, state: version, events: [{ counted: false }] };
      return {
        ok: false,
        error: { rule: r.error.rule ?? 'service', code: r.error.code, message: r.error.message },
      };
    },
    exhausted(_version, seat) {
      const version = (game as GameRow).version;
      deps.log?.('autopilot: the engine refused every action', { gameId, seat, version });
      refused.add(`${version}:${seat}`);
      return 'continue';
    },
    accepted({ events }) {
      if (events[0]?.counted) applied++;
      return undefined;
    },
  });
  return { applied, more: result.stopped === 'slice' };
}

/** Schedule the reminder and the expiry of a step's deadline on the queue. */
export async function scheduleDeadline(queue: JobQueue, d: DeadlineRow): Promise<void> {
  if (d.closedAt !== null || d.firedAt !== null) return;
  const base = { kind: 'deadline' as const, gameId: d.gameId, version: d.version, deadlineId: d.id };
  if (d.remindAt !== null && d.remindedAt === null)
    await queue.enqueue({ ...base, phase: 'remind' }, { at: d.remindAt });
  await queue.enqueue({ ...base, phase: 'fire' }, { at: d.dueAt });
}

/** Follow up the game's current version: autopilot, the step's deadline, the update. */
export async function resolveStep(deps: ProcessorDeps, gameId: string): Promise<void> {
  const drove = driveAutopilot(deps, gameId, deps.autopilotSlice ?? DEFAULT_AUTOPILOT_SLICE);
  if (drove.more) {
    // The slice is used up: a follow-up job (at the new version) carries on after other work.
    const g = getGame(deps.db, gameId);
    if (g) await deps.queue.enqueue({ kind: 'resolve', gameId, version: g.version });
    return;
  }
  const game = getGame(deps.db, gameId);
  if (!game || (game.status !== 'active' && game.status !== 'over')) return;
  if (game.resolvedVersion >= game.version) return;
  const now = deps.clock.now();
  const version = game.version;
  if (game.status === 'over') {
    closeAllDeadlines(deps.db, gameId, now);
  } else {
    const state = stateOf(game);
    const step = deps.engine.step(state);
    const settings = settingsOf(game);
    const span = settings.deadlineMs[step.kind];
    const lead = settings.reminderBeforeMs[step.kind];
    const dueAt = now + span;
    const { deadline, created } = ensureDeadline(
      deps.db,
      {
        gameId,
        stepId: step.id,
        version,
        kind: step.kind,
        dueAt,
        remindAt: lead > 0 && lead < span ? dueAt - lead : null,
      },
      now,
    );
    await scheduleDeadline(deps.queue, deadline);
    if (!created && deadline.version !== version) {
      // This step was followed up at an earlier version (we are a retry or a restart): its update
      // went out then, so only the bookkeeping remains.
      markResolved(deps.db, gameId, version);
      return;
    }
  }
  // The update goes into the outbox in the same transaction that marks the step followed up, so
  // neither a crash nor a lost queue can drop it: reconciliation publishes unsent rows again.
  const update: OutboxEntry = { gameId, version, topic: 'update' };
  deps.db.transaction(
    (tx) => {
      addToOutbox(tx, update, now);
      markResolved(tx, gameId, version);
    },
    { behavior: 'immediate' },
  );
  await publishFromOutbox(deps.db, deps.queue, update);
}

/** Queue the publish job of an outbox row unless it was sent already. */
export async function publishFromOutbox(db: Db, queue: JobQueue, e: OutboxEntry): Promise<void> {
  const row = getOutboxRow(db, outboxKey(e));
  if (row && row.sentAt !== null) return;
  await queue.enqueue({
    kind: 'publish',
    gameId: e.gameId,
    version: e.version,
    topic: e.topic,
    ...(e.seats ? { seats: e.seats } : {}),
  });
}

export async function processDeadline(
  deps: ProcessorDeps,
  job: Extract<Job, { kind: 'deadline' }>,
): Promise<void> {
  const d = getDeadlineById(deps.db, job.deadlineId);
  if (!d || d.closedAt !== null || d.firedAt !== null) return;
  const game = getGame(deps.db, d.gameId);
  if (game?.status !== 'active') {
    closeDeadline(deps.db, d.id, deps.clock.now());
    return;
  }
  const state = stateOf(game);
  if (!isStep(deps.engine.step(state), d.stepId)) {
    closeDeadline(deps.db, d.id, deps.clock.now());
    return;
  }
  const now = deps.clock.now();
  if (job.phase === 'remind') {
    if (d.remindedAt !== null || d.remindAt === null) return;
    if (d.remindAt > now) throw new Error(`reminder ${d.id} is not due yet (${d.remindAt - now} ms left)`);
    const levels = new Map(getSeats(deps.db, d.gameId).map((s) => [s.seat, s]));
    const missing = deps.engine
      .pendingSeats(state)
      .filter((seat) => levels.get(seat)?.userId && levels.get(seat)?.autopilot === 0);
    const reminder: OutboxEntry = { gameId: d.gameId, version: d.version, topic: 'reminder', seats: missing };
    const claimed = deps.db.transaction(
      (tx) => {
        if (!claimReminder(tx, d.id, now)) return false;
        addToOutbox(tx, reminder, now);
        return true;
      },
      { behavior: 'immediate' },
    );
    if (claimed) await publishFromOutbox(deps.db, deps.queue, reminder);
    return;
  }
  if (d.dueAt > now) throw new Error(`deadline ${d.id} is not due yet (${d.dueAt - now} ms left)`);
  if (settingsOf(game).timeoutPolicy === 'wait') {
    const passed: OutboxEntry = { gameId: d.gameId, version: d.version, topic: 'deadline-passed' };
    const fired = deps.db.transaction(
      (tx) => {
        if (!markFired(tx, d.id, now)) return false;
        addToOutbox(tx, passed, now);
        return true;
      },
      { behavior: 'immediate' },
    );
    if (fired) await publishFromOutbox(deps.db, deps.queue, passed);
    return;
  }
  // Policy 'autopilot': every seat still missing in this step gets a timeout action. Each one is
  // checked against the current state, so a retried job finds nothing left to do.
  const tried = new Set<string>();
  for (let guard = 0; guard < 100; guard++) {
    const g = getGame(deps.db, d.gameId);
    if (g?.status !== 'active') break;
    const s = stateOf(g);
    if (!isStep(deps.engine.step(s), d.stepId)) break;
    const seat = deps.engine.pendingSeats(s).find((p) => !tried.has(p));
    if (!seat) break;
    tried.add(seat);
    const r = applyWithRetry(deps, {
      gameId: d.gameId,
      seat,
      actor: 'deadline',
      userId: null,
      // One timeout per seat and deadline, even if the deadline job runs twice.
      requestId: `deadline:${d.id}`,
      prepare: (cur) =>
        isStep(deps.engine.step(cur), d.stepId) && deps.engine.pendingSeats(cur).includes(seat)
          ? timeoutAction(seat)
          : refusal('conflict', 'seat no longer pending'),
    });
    if (!r.ok && r.error.code === 'rule-violation') {
      deps.log?.('deadline: engine refused timeout', { seat, error: r.error });
    }
  }
  markFired(deps.db, d.id, now);
  const after = getGame(deps.db, d.gameId);
  if (after) await deps.queue.enqueue({ kind: 'resolve', gameId: d.gameId, version: after.version });
}

function buildMessages(deps: ProcessorDeps, job: Extract<Job, { kind: 'publish' }>): OutboundMessage[] {
  const game = getGame(deps.db, job.gameId);
  if (!game || game.state === null) return [];
  const state = stateOf(game);
  if (job.topic === 'update' && game.version !== job.version) {
    // An update describes the step that began at job.version; once the game is in another step
    // it is stale (that step's own resolve publishes), so a late or repeated job posts nothing.
    const began = deps.db.query.deadlines
      .findFirst({ where: (d, { and, eq }) => and(eq(d.gameId, game.id), eq(d.version, job.version)) })
      .sync();
    if (!began || deps.engine.isOver(state) || !isStep(deps.engine.step(state), began.stepId)) return [];
  }
  if (job.topic === 'reminder' && !reminderStillDue(deps, game.id, job.version, state)) return [];
  const over = deps.engine.isOver(state);
  const pending = over ? [] : deps.engine.pendingSeats(state);
  const deadline =
    game.status === 'active'
      ? getDeadlineOpenForStep(deps, game.id, over ? null : deps.engine.step(state))
      : undefined;
  const dueAt = deadline?.dueAt ?? null;
  const seats = getSeats(deps.db, job.gameId);
  // An update carries what happened since the previous step began, filtered per reader.
  const events = job.topic === 'update' ? (stepEvents(deps, game.id, job.version) as EngineEvent[]) : [];
  const base = {
    gameId: game.id,
    version: job.version,
    topic: job.topic as PublishTopic,
    pendingSeats: pending,
    dueAt,
  };
  const channel = { kind: 'channel' as const, guildId: game.guildId, channelId: game.channelId };
  const prefix = `${game.id}.${job.version}.${job.topic}`;
  const out: OutboundMessage[] = [];
  if (job.topic === 'update' || job.topic === 'deadline-passed') {
    out.push({
      ...base,
      key: `${prefix}.channel`,
      target: channel,
      view: deps.engine.view(state, 'public'),
      events: events.filter((e) => e.visibility === 'public'),
    });
  }
  const dmSeats =
    job.topic === 'reminder'
      ? (job.seats ?? []).filter((s) => pending.includes(s))
      : job.topic === 'update'
        ? seats
            .map((r) => r.seat)
            .filter((s) => pending.includes(s) || involvedIn(deps.engine, state, s, events))
        : [];
  for (const seat of dmSeats) {
    const row = seats.find((r) => r.seat === seat);
    if (!row?.userId || row.autopilot > 0) continue;
    out.push({
      ...base,
      key: `${prefix}.dm.${seat}`,
      target: { kind: 'dm', userId: row.userId, seat },
      view: deps.engine.view(state, seat),
      events: events.filter((e) => visibleTo(seat, e)),
    });
  }
  return out;
}

/**
 * After a resolution, a seat gets its private update when what happened concerns it: the engine
 * says so (its forces, its nationality); an engine without that test falls back to any event
 * only some seats may see. Seats with nothing new get nothing.
 */
function involvedIn(
  engine: RulesEngine<unknown>,
  state: unknown,
  seat: Seat,
  events: EngineEvent[],
): boolean {
  const seen = events.filter((e) => visibleTo(seat, e));
  if (seen.length === 0) return false;
  if (engine.involved) return engine.involved(state, seat, seen);
  return seen.some((e) => e.visibility !== 'public');
}

/**
 * A reminder belongs to the deadline of the step that began at `version`. It is dropped when that
 * deadline is closed or fired, when the game is in another step, or when the deadline has already
 * passed (a clock jump, a late job): then the deadline itself speaks, and the next step's seats
 * are never reminded of a step they were not asked to act in.
 */
function reminderStillDue(deps: ProcessorDeps, gameId: string, version: number, state: unknown): boolean {
  const d = deps.db.query.deadlines
    .findFirst({ where: (x, { and, eq }) => and(eq(x.gameId, gameId), eq(x.version, version)) })
    .sync();
  if (!d || d.closedAt !== null || d.firedAt !== null) return false;
  if (deps.engine.isOver(state) || !isStep(deps.engine.step(state), d.stepId)) return false;
  return deps.clock.now() < d.dueAt;
}

export function visibleTo(seat: Seat, e: EngineEvent): boolean {
  return e.visibility === 'public' || e.visibility.seats.includes(seat);
}

/** Events of the actions since the step before the one that began at `version`. */
function stepEvents(deps: ProcessorDeps, gameId: string, version: number): unknown[] {
  const previous = deps.db.query.deadlines
    .findFirst({
      where: (d, { and, eq, lt }) => and(eq(d.gameId, gameId), lt(d.version, version)),
      orderBy: (d, { desc }) => [desc(d.version)],
    })
    .sync();
  return eventsBetween(deps.db, gameId, previous?.version ?? 0, version);
}

function getDeadlineOpenForStep(deps: ProcessorDeps, gameId: string, step: StepInfo | null) {
  if (step === null) return undefined;
  const ids = [step.id, ...(step.aliases ?? [])];
  return deps.db.query.deadlines
    .findFirst({
      where: (d, { and, eq, inArray, isNull }) =>
        and(eq(d.gameId, gameId), inArray(d.stepId, ids), isNull(d.closedAt)),
    })
    .sync();
}

export async function processPublish(
  deps: ProcessorDeps,
  job: Extract<Job, { kind: 'publish' }>,
): Promise<void> {
  const key = outboxKey(job);
  if (getOutboxRow(deps.db, key)?.sentAt != null) return;
  for (const message of buildMessages(deps, job)) {
    if (wasPublished(deps.db, message.key)) continue;
    const { messageId } = await deps.publisher.publish(message);
    recordPublished(deps.db, {
      key: message.key,
      gameId: message.gameId,
      version: message.version,
      target:
        message.target.kind === 'channel'
          ? `channel:${message.target.channelId}`
          : `dm:${message.target.userId}`,
      messageId,
      at: deps.clock.now(),
    });
  }
  markOutboxSent(deps.db, key, deps.clock.now());
}

export function createProcessors(deps: ProcessorDeps): JobHandler {
  return async (job) => {
    switch (job.kind) {
      case 'resolve':
        return resolveStep(deps, job.gameId);
      case 'deadline':
        return processDeadline(deps, job);
      case 'publish':
        return processPublish(deps, job);
    }
  };
}
