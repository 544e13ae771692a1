// Job kinds and their ids. The id is derived from game id + state version + kind, so a retried
// or duplicated job is recognised as the same job; the processors also check the database, which
// is the truth, so running a job twice changes nothing.

export type PublishTopic = 'update' | 'reminder' | 'deadline-passed';

export type Job =
  /** Follow up a new step: autopilot seats act, the step's deadline is set, the update is published. */
  | {
      kind: 'resolve';
      gameId: string;
      version: number;
      /** Distinguishes a follow-up asked for again at the same version (a seat handed to the autopilot). */
      tag?: string;
    }
  /** A step's reminder or deadline falls due. */
  | { kind: 'deadline'; gameId: string; version: number; deadlineId: number; phase: 'remind' | 'fire' }
  /** Post the public update and DMs for a version (through the pluggable Publisher). */
  | { kind: 'publish'; gameId: string; version: number; topic: PublishTopic; seats?: string[] };

export type JobKind = Job['kind'];

export const JOB_KINDS: readonly JobKind[] = ['resolve', 'deadline', 'publish'];

/** Game ids are restricted so job ids stay unambiguous (bullmq forbids ':' in ids). */
export const GAME_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function jobId(job: Job): string {
  const base = `${job.gameId}.${job.version}`;
  switch (job.kind) {
    case 'resolve':
      return job.tag ? `${base}.resolve-${job.tag}` : `${base}.resolve`;
    case 'deadline':
      return `${base}.deadline-${job.phase}-${job.deadlineId}`;
    case 'publish':
      return `${base}.publish-${job.topic}`;
  }
}

export type JobHandler = (job: Job) => Promise<void>;

export interface EnqueueOptions {
  /** Run no earlier than this time (ms since epoch on the queue's clock). */
  at?: number;
}

/** Where the service hands follow-up work. */
export interface JobQueue {
  enqueue(job: Job, options?: EnqueueOptions): Promise<void>;
  close(): Promise<void>;
}
