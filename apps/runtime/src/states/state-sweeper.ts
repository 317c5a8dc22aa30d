import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { StatesRepository } from './states.repository';

const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 1000;

/**
 * Removes the rows of expired states. Readers already treat them as absent, so this only keeps
 * the table from growing; every replica may sweep, a row is deleted once whoever gets it.
 */
@Injectable()
export class StateSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StateSweeper');
  private timer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(private readonly states: StatesRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      // Batches keep each statement short; a full batch means more may be waiting.
      while ((await this.states.deleteExpired(now, SWEEP_BATCH)) === SWEEP_BATCH) {
        // next batch
      }
    } catch (error) {
      this.logger.warn(`Expired states not swept: ${(error as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }
}
