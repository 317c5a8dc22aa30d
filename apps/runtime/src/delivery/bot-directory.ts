import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { BotInvalidation, DeliveryTarget, Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';

const TTL_MS = 2000;
const MAX_ENTRIES = 10000;

/** Where each bot's code lives, asked of the admin service (which owns bots), briefly cached. */
@Injectable()
export class BotDirectory implements OnApplicationBootstrap {
  private readonly cache = new Map<string, { target: DeliveryTarget; expires: number }>();

  constructor(private readonly bus: BusClient) {}

  /** A new url or configuration applies to the very next delivery. */
  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe(Subjects.invalidate.bot, (notice) => {
      this.cache.delete((notice as BotInvalidation).botId);
    });
  }

  async target(botId: string): Promise<DeliveryTarget> {
    const hit = this.cache.get(botId);
    if (hit && hit.expires > Date.now()) return hit.target;
    const target = await this.bus.request<DeliveryTarget>(Subjects.admin.deliveryTarget, { botId });
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(botId, { target, expires: Date.now() + TTL_MS });
    return target;
  }
}
