import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';

const EVERY_MS = 5000;
const BATCH = 100;

/** Deletes files whose expiry passed, and removes from the store the contents no file uses. */
@Injectable()
export class Housekeeping implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Housekeeping');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly files: FilesRepository,
    private readonly service: FilesService,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .catch((error: unknown) => this.logger.warn({ msg: 'sweep failed', error: (error as Error).message }))
        .finally(() => (this.running = undefined));
    }, EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  async sweep(): Promise<void> {
    const expired = await this.files.deleteExpired(BATCH);
    if (expired > 0) this.logger.log({ msg: 'expired files deleted', blobs: expired });
    await this.service.removeBlobs(await this.files.orphans(BATCH));
  }
}
