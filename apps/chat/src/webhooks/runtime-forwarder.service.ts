import { Injectable } from '@nestjs/common';
import { ChatCaller } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { WebhookResolver } from './webhook-resolver.service';

/**
 * Most chat operations are the runtime's, acting for the user of the key on the webhook's bot:
 * authenticate, then forward with `botId` and `userId` filled in by us, never by the caller.
 */
@Injectable()
export class RuntimeForwarder {
  constructor(
    private readonly webhooks: WebhookResolver,
    private readonly bus: BusClient,
  ) {}

  /** The bot and user a caller acts as (cached webhook, verified key). */
  async identify(caller: ChatCaller): Promise<{ botId: string; userId: string }> {
    const { webhook, userId } = await this.webhooks.authenticate(caller);
    return { botId: webhook.botId, userId };
  }

  async asUser<T>(subject: string, caller: ChatCaller, input: object = {}): Promise<T> {
    return this.asIdentified<T>(subject, await this.identify(caller), input);
  }

  /** For a caller already identified, when the identity is needed beside the answer. */
  asIdentified<T>(subject: string, identity: { botId: string; userId: string }, input: object = {}): Promise<T> {
    return this.bus.request<T>(subject, { ...input, botId: identity.botId, userId: identity.userId });
  }
}
