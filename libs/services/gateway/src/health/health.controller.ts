import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { SERVICES, Subjects } from '@platform/contracts';
import { BusClient, ServiceHealth } from '@platform/messaging';

const HEALTH_TIMEOUT_MS = 2000;

/** Reachability of every service over NATS, and of their databases: 200 when all answer, 503 otherwise. */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  async health(@Res() res: Response): Promise<void> {
    const entries = await Promise.all(
      SERVICES.map(async (service) => {
        try {
          const answer = await this.bus.request<ServiceHealth>(Subjects.health(service), {}, { timeoutMs: HEALTH_TIMEOUT_MS });
          // A service that answers but cannot reach its database is degraded, not ok.
          return [service, answer.status === 'ok' ? 'ok' : 'degraded'] as const;
        } catch {
          return [service, 'unavailable'] as const;
        }
      }),
    );
    const services = Object.fromEntries(entries);
    const healthy = entries.every(([, status]) => status === 'ok');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'degraded', services });
  }
}
