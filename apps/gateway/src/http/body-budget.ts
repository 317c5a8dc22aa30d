/**
 * A byte budget shared by every request body being read, so many concurrent large uploads wait
 * for room instead of growing the gateway's memory without bound.
 */
export class BodyBudget {
  private available: number;
  private readonly waiting: Array<{ bytes: number; resolve: () => void }> = [];

  constructor(readonly capacity: number) {
    this.available = capacity;
  }

  /** Reserves `bytes` (at most the capacity), waiting while others hold the budget. */
  acquire(bytes: number): Promise<void> | undefined {
    const want = Math.min(bytes, this.capacity);
    if (this.waiting.length === 0 && want <= this.available) {
      this.available -= want;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push({ bytes: want, resolve }));
  }

  release(bytes: number): void {
    this.available = Math.min(this.capacity, this.available + Math.min(bytes, this.capacity));
    while (this.waiting.length > 0 && this.waiting[0].bytes <= this.available) {
      const next = this.waiting.shift()!;
      this.available -= next.bytes;
      next.resolve();
    }
  }
}
