import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PeriodicTask } from '../common/periodic-task';
import { StatesRepository } from './states.repository';

const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 1000;

/**
 * Removes the rows of expired states. Readers already treat them as absent, so this only keeps
 * the table from growing; every replica may sweep, a row is deleted once whoever gets it.
 */
@Injectable()
export class StateSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sweeper = new PeriodicTask(new Logger('StateSweeper'), 'Sweeping expired states', SWEEP_INTERVAL_MS, () => this.sweep());

  constructor(private readonly states: StatesRepository) {}

  onApplicationBootstrap(): void {
    this.sweeper.start();
  }

  onApplicationShutdown(): void {
    this.sweeper.stop();
  }

  async sweep(now = new Date()): Promise<void> {
    // Batches keep each statement short; a full batch means more may be waiting.
    while ((await this.states.deleteExpired(now, SWEEP_BATCH)) === SWEEP_BATCH) {
      // next batch
    }
  }
}
