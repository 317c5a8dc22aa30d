import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT, operationEdge } from '@platform/messaging';
import { ChatAccessPolicy } from './access/chat-access.policy';
import { ConversationsModule } from './conversations/conversations.module';
import { EventsModule } from './events/events.module';
import { MessagesModule } from './messages/messages.module';
import { ParticipantsModule } from './participants/participants.module';
import { RuntimeClientModule } from './runtime/runtime-client';
import { UsersModule } from './users/users.module';
import { WebchatModule } from './webchat/webchat.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The chat service is the platform's built-in chat integration: it serves the chat API for the
 * bots that install it, as a client of the runtime API (which holds the data) that owns the
 * user keys, the chat API's own rules (ownership, who may delete what) and the mapping between
 * the chat API's shapes and the runtime's (docs/architecture.md, "The chat integration").
 */
@Module({})
export class ChatModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: ChatModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        WebhooksModule,
        RuntimeClientModule,
        ConversationsModule,
        EventsModule,
        MessagesModule,
        ParticipantsModule,
        UsersModule,
        WebchatModule,
      ],
      controllers: [healthController('chat')],
      providers: operationEdge(ChatAccessPolicy),
    };
  }
}
