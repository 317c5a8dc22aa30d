import { Controller, Inject, Optional, Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Subjects } from '@platform/contracts';

/** What a service depends on beyond NATS (its database), checked by its health probe. */
export abstract class DependencyHealth {
  /** Each dependency's name and whether it answers now. */
  abstract check(): Promise<Record<string, boolean>>;
}

export interface ServiceHealth {
  status: 'ok' | 'degraded';
  service: string;
  /** Dependencies that do not answer. */
  unavailable?: string[];
}

/** The answer to the gateway's health probe for one service: degraded while a dependency is down. */
export function healthController(service: string): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@Optional() @Inject(DependencyHealth) private readonly dependencies?: DependencyHealth) {}

    @MessagePattern(Subjects.health(service))
    async health(): Promise<ServiceHealth> {
      const checks = this.dependencies ? await this.dependencies.check() : {};
      const unavailable = Object.entries(checks)
        .filter(([, ok]) => !ok)
        .map(([name]) => name);
      return unavailable.length ? { status: 'degraded', service, unavailable } : { status: 'ok', service };
    }
  }
  return HealthController;
}
