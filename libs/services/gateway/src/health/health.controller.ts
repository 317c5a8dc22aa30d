import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SERVICES, Subjects } from '@platform/contracts';
import { BusClient, BusConnection, LocalBusClient, ServiceHealth } from '@platform/messaging';
import { platformVersion } from './platform-version';

const HEALTH_TIMEOUT_MS = 2000;

/**
 * Reachability of every service over NATS, and of their databases, and whether NATS offers
 * JetStream (large payloads travel through its object store): 200 when all is well, 503 otherwise.
 */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  private readonly version = platformVersion();

  constructor(
    private readonly bus: BusClient,
    private readonly connection: BusConnection,
  ) {}

  @Get()
  async health(@Res() res: FastifyReply): Promise<void> {
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
    const jetstream = await this.jetstream();
    const healthy = entries.every(([, status]) => status === 'ok') && jetstream !== 'unavailable';
    res.code(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'degraded', version: this.version, services, jetstream });
  }

  /** 'ok', 'unavailable' (NATS without JetStream, or unreachable), or 'not used' by the one-process platform. */
  private async jetstream(): Promise<'ok' | 'unavailable' | 'not used'> {
    if (this.bus instanceof LocalBusClient) return 'not used';
    const nc = this.connection.current();
    if (!nc) return 'unavailable';
    try {
      const jsm = await nc.jetstreamManager({ timeout: HEALTH_TIMEOUT_MS });
      await jsm.getAccountInfo();
      return 'ok';
    } catch {
      return 'unavailable';
    }
  }
}
