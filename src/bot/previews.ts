// Orders waiting for Confirm / Edit / Cancel. Each preview belongs to one user, one game, one
// seat and the game version it was checked against; a confirm after the game moved on re-checks
// the order (the service validates it again anyway). Previews expire after 15 minutes, the life
// of an interaction token.
import type { Action } from '../app/engine-port.js';

export interface Preview {
  id: string;
  userId: string;
  gameId: string;
  seat: string;
  action: Action;
  /** Orders sent just before / after the main one, in order (e.g. leaving or entering a fortress). */
  before?: Action[];
  after?: Action[];
  /** The slash command that produced it, to offer "Edit". */
  command: string;
  version: number;
  /** The engine step the order was previewed in; Confirm acts only while the game is in it. */
  stepId?: string;
  createdAt: number;
}

const LIFETIME_MS = 15 * 60_000;

export class PreviewStore {
  private readonly items = new Map<string, Preview>();
  private seq = 0;

  constructor(private readonly now: () => number) {}

  add(p: Omit<Preview, 'id' | 'createdAt'>): Preview {
    this.prune();
    // A new order from the same seat replaces the previous unconfirmed one.
    for (const [id, old] of this.items) {
      if (old.userId === p.userId && old.gameId === p.gameId && old.seat === p.seat) this.items.delete(id);
    }
    this.seq += 1;
    const preview: Preview = { ...p, id: `p${this.seq.toString(36)}`, createdAt: this.now() };
    this.items.set(preview.id, preview);
    return preview;
  }

  get(id: string): Preview | undefined {
    this.prune();
    return this.items.get(id);
  }

  take(id: string): Preview | undefined {
    const p = this.get(id);
    if (p) this.items.delete(id);
    return p;
  }

  /** Discard the user's unconfirmed orders in a game; returns how many were discarded. */
  discard(userId: string, gameId: string, seat?: string): number {
    let n = 0;
    for (const [id, p] of this.items) {
      if (p.userId === userId && p.gameId === gameId && (seat === undefined || p.seat === seat)) {
        this.items.delete(id);
        n++;
      }
    }
    return n;
  }

  private prune(): void {
    const now = this.now();
    for (const [id, p] of this.items) if (now - p.createdAt > LIFETIME_MS) this.items.delete(id);
  }
}
