// Greedy label placement without collisions: fixed things (counters, badges) reserve their
// boxes first; each label then takes the first candidate position whose box is free.
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export class LabelPlacer {
  private readonly boxes: Box[] = [];
  private readonly labels: Box[] = [];

  constructor(private readonly bounds?: Box) {}

  reserve(box: Box): void {
    this.boxes.push(box);
  }

  fits(box: Box): boolean {
    if (this.bounds) {
      const b = this.bounds;
      if (box.x < b.x || box.y < b.y || box.x + box.w > b.x + b.w || box.y + box.h > b.y + b.h) return false;
    }
    return !this.boxes.some((o) => overlaps(o, box));
  }

  /** Take the first free candidate; returns it, or undefined when every candidate collides. */
  place(candidates: Box[]): Box | undefined {
    for (const c of candidates) {
      if (this.fits(c)) {
        this.boxes.push(c);
        this.labels.push(c);
        return c;
      }
    }
    return undefined;
  }

  /** A copy of every box: the fixed ones reserved and the labels placed. */
  all(): Box[] {
    return this.boxes.map((b) => ({ ...b }));
  }

  /** A copy of the label boxes placed (each was free when placed). */
  placed(): Box[] {
    return this.labels.map((b) => ({ ...b }));
  }

  get count(): number {
    return this.boxes.length;
  }
}
