import { Logger } from '@nestjs/common';

/**
 * Background work on an interval: never two runs at once, failures logged and retried at the
 * next tick rather than thrown, and the timer does not keep a stopping process alive.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  /** The run under way, if any. */
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly logger: Logger,
    private readonly what: string,
    private readonly intervalMs: number,
    private readonly task: () => Promise<void>,
  ) {}

  start({ runNow = false } = {}): void {
    this.timer = setInterval(() => void this.run(), this.intervalMs);
    this.timer.unref();
    if (runNow) void this.run();
  }

  /**
   * No run after this, and the one under way finished when it resolves: called before the
   * process closes its connections, a run never meets a database being closed (and never reports
   * that as a failure).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.task()
      .catch((error: unknown) => this.logger.warn(`${this.what} failed: ${(error as Error).message}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
