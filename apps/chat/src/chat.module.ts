import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT } from '@platform/messaging';
import { ConversationsModule } from './conversations/conversations.module';
import { EventsModule } from './events/events.module';
import { MessagesModule } from './messages/messages.module';
import { ParticipantsModule } from './participants/participants.module';
import { UsersModule } from './users/users.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The chat API's service. It keeps no table of its own yet: users, conversations and messages
 * are the bot's data, owned by the runtime service; webhooks belong to the admin service.
 */
@Module({})
export class ChatModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: ChatModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        ConversationsModule,
        EventsModule,
        MessagesModule,
        ParticipantsModule,
        UsersModule,
        WebhooksModule,
      ],
      controllers: [healthController('chat')],
    };
  }
}
