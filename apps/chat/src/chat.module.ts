import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT } from '@platform/messaging';
import { ConversationsController } from './conversations/conversations.controller';
import { EventsController } from './events/events.controller';
import { MessagesController } from './messages/messages.controller';
import { ParticipantsController } from './participants/participants.controller';
import { UsersController } from './users/users.controller';
import { HelloController } from './webhooks/hello.controller';
import { RuntimeForwarder } from './webhooks/runtime-forwarder.service';
import { WebhookResolver } from './webhooks/webhook-resolver.service';

/**
 * The chat API's service. It keeps no table of its own yet: users, conversations and messages
 * are the bot's data, owned by the runtime service; webhooks belong to the admin service.
 */
@Module({})
export class ChatModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: ChatModule,
      imports: [ConfigModule.forRoot(config), MessagingModule.forRoot(transport)],
      controllers: [
        healthController('chat'),
        HelloController,
        UsersController,
        ConversationsController,
        ParticipantsController,
        MessagesController,
        EventsController,
      ],
      providers: [WebhookResolver, RuntimeForwarder],
    };
  }
}
