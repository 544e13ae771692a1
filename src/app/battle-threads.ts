// The bot's record of campaign battle threads (issue 16), kept in the database so a restarted bot
// still posts a battle's updates into the thread it opened (the bot does not import src/db).
import {
  battleThreadById,
  insertBattleThread,
  openBattleThread,
  openBattleThreadsOf,
  type StoredBattleThread,
  updateBattleThread,
} from '../db/battle-thread-repository.js';
import type { Db } from '../db/client.js';

export type { StoredBattleThread };

export interface BattleThreadStore {
  insert(t: StoredBattleThread): void;
  update(threadId: string, patch: Partial<Pick<StoredBattleThread, 'open' | 'members' | 'posted'>>): void;
  open(gameId: string, hex: string): StoredBattleThread | undefined;
  openOf(gameId: string): StoredBattleThread[];
  byId(threadId: string): StoredBattleThread | undefined;
}

export class DbBattleThreadStore implements BattleThreadStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}
  insert(t: StoredBattleThread): void {
    insertBattleThread(this.db, t, this.now());
  }
  update(threadId: string, patch: Partial<Pick<StoredBattleThread, 'open' | 'members' | 'posted'>>): void {
    updateBattleThread(this.db, threadId, patch);
  }
  open(gameId: string, hex: string): StoredBattleThread | undefined {
    return openBattleThread(this.db, gameId, hex);
  }
  openOf(gameId: string): StoredBattleThread[] {
    return openBattleThreadsOf(this.db, gameId);
  }
  byId(threadId: string): StoredBattleThread | undefined {
    return battleThreadById(this.db, threadId);
  }
}
