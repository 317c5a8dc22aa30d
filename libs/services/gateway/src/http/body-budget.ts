/**
 * The memory the gateway lets request bodies hold at once, shared so that no caller can take it
 * all: a body waits while the budget is spent, and one client address may hold at most its
 * share. A wait ends when room is made, or when the request goes away (its signal aborts):
 * every byte is returned and no waiter outlives its request.
 */
export class BodyBudget {
  private available: number;
  private readonly heldByClient = new Map<string, number>();
  private readonly waiting: Array<{ client: string; bytes: number; resolve: () => void; reject: (error: Error) => void }> = [];

  constructor(
    readonly capacity: number,
    /** The part of the capacity one client may hold, between 0 and 1. */
    private readonly clientShare: number,
  ) {
    this.available = capacity;
  }

  get free(): number {
    return this.available;
  }

  /** Reserves `bytes` for `client`, waiting for room (at once when there is some). */
  reserve(client: string, bytes: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason);
    if (this.tryReserve(client, bytes)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = { client, bytes, resolve, reject };
      this.waiting.push(waiter);
      signal.addEventListener(
        'abort',
        () => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(signal.reason);
          this.grant();
        },
        { once: true },
      );
      // Waiters of clients at their share must not hold up the others.
      this.grant();
    });
  }

  /** Reserves `bytes` for `client` if there is room now and nobody waits before it; false (nothing reserved) otherwise. */
  tryReserve(client: string, bytes: number): boolean {
    if (this.waiting.length > 0 || !this.fits(client, bytes)) return false;
    this.take(client, bytes);
    return true;
  }

  release(client: string, bytes: number): void {
    if (bytes <= 0) return;
    const held = (this.heldByClient.get(client) ?? 0) - bytes;
    if (held > 0) this.heldByClient.set(client, held);
    else this.heldByClient.delete(client);
    this.available = Math.min(this.capacity, this.available + bytes);
    this.grant();
  }

  heldBy(client: string): number {
    return this.heldByClient.get(client) ?? 0;
  }

  /**
   * Wakes waiters in arrival order. One whose client is at its share is passed over (the others
   * must not wait for it); one that needs more than is free stops the line, so that large
   * bodies are not starved by small ones.
   */
  private grant(): void {
    for (let i = 0; i < this.waiting.length; ) {
      const waiter = this.waiting[i];
      if (!this.withinShare(waiter.client, waiter.bytes)) {
        i++;
      } else if (waiter.bytes <= this.available) {
        this.waiting.splice(i, 1);
        this.take(waiter.client, waiter.bytes);
        waiter.resolve();
      } else {
        return;
      }
    }
  }

  private fits(client: string, bytes: number): boolean {
    return bytes <= this.available && this.withinShare(client, bytes);
  }

  private withinShare(client: string, bytes: number): boolean {
    return this.heldBy(client) + bytes <= this.capacity * this.clientShare;
  }

  private take(client: string, bytes: number): void {
    this.available -= bytes;
    this.heldByClient.set(client, this.heldBy(client) + bytes);
  }
}
