import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DependencyHealth } from '@platform/messaging';

/** How long the health probe waits for the database. */
const PROBE_TIMEOUT_MS = 1000;

/** Whether the service's database answers, for its health probe. */
@Injectable()
export class DatabaseHealth extends DependencyHealth {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async check(): Promise<Record<string, boolean>> {
    return { database: await this.reachable() };
  }

  async reachable(): Promise<boolean> {
    if (!this.dataSource.isInitialized) return false;
    const probe = this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref());
    return Promise.race([probe, timeout]);
  }
}
