import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { BotInvalidation, DeliveryTarget, InternalOperations as Internal, Subjects } from '@platform/contracts';
import { BusClient, ExpiringCache, serviceEnvelope } from '@platform/messaging';
import { RUNTIME } from '../runtime-caller';

const TTL_MS = 2000;
const MAX_ENTRIES = 10000;

/** Where each bot's code lives, asked of the admin service (which owns bots), briefly cached. */
@Injectable()
export class BotDirectory implements OnApplicationBootstrap {
  private readonly cache = new ExpiringCache<DeliveryTarget>({ ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });

  constructor(private readonly bus: BusClient) {}

  /** A new url or configuration applies to the very next delivery. */
  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(Subjects.invalidate.bot, (notice) => this.cache.forgetKeys([(notice as BotInvalidation).botId]));
  }

  target(botId: string): Promise<DeliveryTarget> {
    return this.cache.get(botId, () => this.bus.call(Internal.deliveryTarget, serviceEnvelope(RUNTIME, { body: { botId } })) as Promise<DeliveryTarget>);
  }
}
