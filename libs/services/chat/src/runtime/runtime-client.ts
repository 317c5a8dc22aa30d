import { Global, Injectable, Module } from '@nestjs/common';
import { AnyOperation, Envelope, ResponseOf } from '@platform/contracts';
import { BusClient, serviceEnvelope } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';

/**
 * The runtime API as the chat integration calls it: for the webhook's bot, through its chat
 * integration instance, acting for the chat user (who then reaches only the conversations they
 * take part in). The runtime holds the data; this service maps shapes and applies the chat
 * API's own rules.
 */
@Injectable()
export class RuntimeClient {
  constructor(private readonly bus: BusClient) {}

  call<O extends AnyOperation>(
    operation: O,
    access: Pick<ChatAccess, 'webhook'> & { userId?: string },
    input: Pick<Envelope, 'params' | 'query' | 'body'> = {},
  ): Promise<ResponseOf<O>> {
    const caller = { service: 'chat' as const, botId: access.webhook.botId, integrationAlias: access.webhook.alias, userId: access.userId };
    return this.bus.call(operation, serviceEnvelope(caller, input));
  }
}

@Global()
@Module({ providers: [RuntimeClient], exports: [RuntimeClient] })
export class RuntimeClientModule {}
