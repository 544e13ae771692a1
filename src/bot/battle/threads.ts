// Which thread shows which campaign sub-battle (issue 16). A campaign battle fought on the tactical
// map gets a private thread of the campaign channel with only its participants in it; the
// publisher opens it when the battle begins and records it here, /battle commands in the thread
// find their battle here. Kept in memory: after a restart a battle still underway gets a new thread
// at its next update (the old one keeps its history).
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

export class BattleThreads {
  private readonly byBattle = new Map<string, BattleThread>();
  private readonly byThread = new Map<string, BattleThread>();

  private key(gameId: string, hex: string): string {
    return `${gameId}@${hex}`;
  }

  /** The open thread of the battle at `hex` in the game, if any. */
  open(gameId: string, hex: string): BattleThread | undefined {
    const t = this.byBattle.get(this.key(gameId, hex));
    return t?.open ? t : undefined;
  }

  /** The open battle threads of a game. */
  openOf(gameId: string): BattleThread[] {
    return [...this.byBattle.values()].filter((t) => t.gameId === gameId && t.open);
  }

  add(gameId: string, hex: string, threadId: string): BattleThread {
    const t: BattleThread = { threadId, gameId, hex, open: true, members: new Set(), posted: new Set() };
    this.byBattle.set(this.key(gameId, hex), t);
    this.byThread.set(threadId, t);
    return t;
  }

  /** The battle a thread shows (open or over). */
  inThread(threadId: string): BattleThread | undefined {
    return this.byThread.get(threadId);
  }
}
