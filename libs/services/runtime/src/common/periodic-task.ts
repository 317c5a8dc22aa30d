import { Logger } from '@nestjs/common';

/**
 * Background work on an interval: never two runs at once, failures logged and retried at the
 * next tick rather than thrown, and the timer does not keep a stopping process alive.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running = false;

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

  stop(): void {
    clearInterval(this.timer);
  }

  async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.task();
    } catch (error) {
      this.logger.warn(`${this.what} failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
