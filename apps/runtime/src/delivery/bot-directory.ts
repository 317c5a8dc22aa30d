import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { BotInvalidation, DeliveryTarget, Subjects } from '@platform/contracts';
import { BusClient, ExpiringCache } from '@platform/messaging';

const TTL_MS = 2000;
const MAX_ENTRIES = 10000;

/** Where each bot's code lives, asked of the admin service (which owns bots), briefly cached. */
@Injectable()
export class BotDirectory implements OnApplicationBootstrap {
  private readonly cache = new ExpiringCache<DeliveryTarget>(TTL_MS, MAX_ENTRIES);

  constructor(private readonly bus: BusClient) {}

  /** A new url or configuration applies to the very next delivery. */
  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(Subjects.invalidate.bot, (notice) => this.cache.forgetKeys([(notice as BotInvalidation).botId]));
  }

  target(botId: string): Promise<DeliveryTarget> {
    return this.cache.get(botId, () => this.bus.request<DeliveryTarget>(Subjects.admin.deliveryTarget, { botId }));
  }
}
