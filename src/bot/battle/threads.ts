// Which thread shows which campaign sub-battle (issue 16). A campaign battle fought on the tactical
// map gets a private thread of the campaign channel with only its participants in it; the
// publisher opens it when the battle begins and records it here, /battle commands in the thread
// find their battle here. The record lives in the database (app/battle-threads.ts) when a store is
// given, so a restarted bot goes on posting into the same thread; without one (unit tests) it is
// kept in memory. Only the last picture-worthy view stays in memory (after a restart the closing
// message of a battle then has no picture).
import type { BattleThreadStore, StoredBattleThread } from '../../app/battle-threads.js';
import type { TacView } from '../../app/battle-types.js';

export interface BattleThread {
  threadId: string;
  gameId: string;
  hex: string;
  /** False once the battle ended (the thread stays, its commands answer that it is over). */
  open: boolean;
  /** The last picture-worthy view the thread showed (for the closing message). */
  lastView?: TacView;
  /** Users added to the thread. */
  members: Set<string>;
  /** Updates already posted (`version:topic`), so one update is posted once. */
  posted: Set<string>;
}

/** How many posted update keys a thread remembers. */
export const POSTED_KEPT = 100;

export class BattleThreads {
  private readonly byThread = new Map<string, BattleThread>();

  constructor(private readonly store?: BattleThreadStore) {}

  private key(gameId: string, hex: string): string {
    return `${gameId}@${hex}`;
  }

  /** The cached record of a stored thread (one object per thread, so its lastView stays). */
  private cached(s: StoredBattleThread): BattleThread {
    const known = this.byThread.get(s.threadId);
    if (known) {
      known.open = s.open;
      return known;
    }
    const t: BattleThread = {
      threadId: s.threadId,
      gameId: s.gameId,
      hex: s.hex,
      open: s.open,
      members: new Set(s.members),
      posted: new Set(s.posted),
    };
    this.byThread.set(t.threadId, t);
    return t;
  }

  /** The open thread of the battle at `hex` in the game, if any. */
  open(gameId: string, hex: string): BattleThread | undefined {
    if (this.store) {
      const s = this.store.open(gameId, hex);
      return s ? this.cached(s) : undefined;
    }
    return [...this.byThread.values()].find(
      (t) => this.key(t.gameId, t.hex) === this.key(gameId, hex) && t.open,
    );
  }

  /** The open battle threads of a game. */
  openOf(gameId: string): BattleThread[] {
    if (this.store) return this.store.openOf(gameId).map((s) => this.cached(s));
    return [...this.byThread.values()].filter((t) => t.gameId === gameId && t.open);
  }

  add(gameId: string, hex: string, threadId: string): BattleThread {
    for (const old of this.byThread.values()) if (old.gameId === gameId && old.hex === hex) old.open = false;
    const t: BattleThread = { threadId, gameId, hex, open: true, members: new Set(), posted: new Set() };
    this.byThread.set(threadId, t);
    this.store?.insert({ threadId, gameId, hex, open: true, members: [], posted: [] });
    return t;
  }

  /** The battle a thread shows (open or over). */
  inThread(threadId: string): BattleThread | undefined {
    if (this.store) {
      const s = this.store.byId(threadId);
      return s ? this.cached(s) : undefined;
    }
    return this.byThread.get(threadId);
  }

  /** The battle ended: the thread stays, closed. */
  close(t: BattleThread): void {
    t.open = false;
    this.store?.update(t.threadId, { open: false });
  }

  addMember(t: BattleThread, userId: string): void {
    if (t.members.has(userId)) return;
    t.members.add(userId);
    this.store?.update(t.threadId, { members: [...t.members] });
  }

  /**
   * Notes an update as posted; false when it already was (post each update once). Only the latest
   * keys are kept: an update is posted right after its commit, so an old one never comes again,
   * and the stored record stays small however long the battle lasts.
   */
  markPosted(t: BattleThread, key: string): boolean {
    if (t.posted.has(key)) return false;
    t.posted.add(key);
    for (const old of t.posted) {
      if (t.posted.size <= POSTED_KEPT) break;
      t.posted.delete(old);
    }
    this.store?.update(t.threadId, { posted: [...t.posted] });
    return true;
  }
}
