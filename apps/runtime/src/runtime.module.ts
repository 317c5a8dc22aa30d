import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT } from '@platform/messaging';
import { PersistenceModule } from '@platform/persistence';
import { RuntimeAccessService } from './access/runtime-access.service';
import { ChatConversationsController } from './conversations/chat-conversations.controller';
import { ChatConversationsService } from './conversations/chat-conversations.service';
import { ConversationEntity } from './conversations/conversation.entity';
import { ConversationsRepository } from './conversations/conversations.repository';
import { ParticipantEntity } from './conversations/participant.entity';
import { IntegrationSettingsEntity } from './integrations/integration-settings.entity';
import { IntegrationSettingsRepository } from './integrations/integration-settings.repository';
import { IntegrationsController } from './integrations/integrations.controller';
import { IntegrationsService } from './integrations/integrations.service';
import { ChatMessagesController } from './messages/chat-messages.controller';
import { ChatMessagesService } from './messages/chat-messages.service';
import { MessageEntity } from './messages/message.entity';
import { MessagesRepository } from './messages/messages.repository';
import { Initial1732200000000 } from './migrations/1732200000000-initial';
import { Events1732300000000 } from './migrations/1732300000000-events';
import { BotLoop1732400000000 } from './migrations/1732400000000-bot-loop';
import { EventEntity } from './events/event.entity';
import { EventsRepository } from './events/events.repository';
import { ChatEventsService } from './events/chat-events.service';
import { ChatEventsController } from './events/chat-events.controller';
import { ChatParticipantsController } from './participants/chat-participants.controller';
import { ChatParticipantsService } from './participants/chat-participants.service';
import { ConversationSignals } from './signals/conversation-signals';
import { BotDirectory } from './delivery/bot-directory';
import { EventDelivery } from './delivery/event-delivery';
import { EventOutbox } from './delivery/event-outbox';
import { EventStream } from './delivery/event-stream';
import { MessageWriter } from './messages/message-writer';
import { BotMessagesController } from './messages/bot-messages.controller';
import { BotMessagesService } from './messages/bot-messages.service';
import { ChatUsersController } from './users/chat-users.controller';
import { ChatUsersService } from './users/chat-users.service';
import { UserEntity } from './users/user.entity';
import { UsersRepository } from './users/users.repository';

@Module({})
export class RuntimeModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: RuntimeModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        PersistenceModule.forService({
          schema: 'runtime',
          entities: [IntegrationSettingsEntity, UserEntity, ConversationEntity, ParticipantEntity, MessageEntity, EventEntity],
          migrations: [Initial1732200000000, Events1732300000000, BotLoop1732400000000],
        }),
      ],
      controllers: [
        healthController('runtime'),
        IntegrationsController,
        ChatUsersController,
        ChatConversationsController,
        ChatParticipantsController,
        ChatMessagesController,
        ChatEventsController,
        BotMessagesController,
      ],
      providers: [
        RuntimeAccessService,
        IntegrationSettingsRepository,
        IntegrationsService,
        UsersRepository,
        ChatUsersService,
        ConversationsRepository,
        ChatConversationsService,
        MessagesRepository,
        ChatMessagesService,
        ChatParticipantsService,
        EventsRepository,
        ChatEventsService,
        ConversationSignals,
        MessageWriter,
        BotMessagesService,
        EventStream,
        EventOutbox,
        BotDirectory,
        EventDelivery,
      ],
    };
  }
}
