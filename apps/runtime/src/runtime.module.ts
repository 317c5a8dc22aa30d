import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT } from '@platform/messaging';
import { PersistenceModule } from '@platform/persistence';
import { RuntimeAccessService } from './access/runtime-access.service';
import { BotDataController } from './bots/bot-data.controller';
import { BotDataRepository } from './bots/bot-data.repository';
import { BotDataService } from './bots/bot-data.service';
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
import { BotLogs1732500000000 } from './migrations/1732500000000-bot-logs';
import { BotLogEntity } from './bot-logs/bot-log.entity';
import { BotLogsController } from './bot-logs/bot-logs.controller';
import { BotLogsRepository } from './bot-logs/bot-logs.repository';
import { BotLogsService } from './bot-logs/bot-logs.service';
import { States1732610000000 } from './migrations/1732610000000-states';
import { RuntimeLists1732620000000 } from './migrations/1732620000000-runtime-lists';
import { GetOrCreate } from './common/get-or-create';
import { KeyLock } from './common/key-lock';
import { BotConversationsController } from './conversations/bot-conversations.controller';
import { BotConversationsService } from './conversations/bot-conversations.service';
import { ConversationsService } from './conversations/conversations.service';
import { BotParticipantsController } from './participants/bot-participants.controller';
import { BotParticipantsService } from './participants/bot-participants.service';
import { ParticipantsService } from './participants/participants.service';
import { BotUsersController } from './users/bot-users.controller';
import { BotUsersService } from './users/bot-users.service';
import { UsersService } from './users/users.service';
import { EventEntity } from './events/event.entity';
import { EventsRepository } from './events/events.repository';
import { ChatEventsService } from './events/chat-events.service';
import { ChatEventsController } from './events/chat-events.controller';
import { BotEventsController } from './events/bot-events.controller';
import { BotEventsService } from './events/bot-events.service';
import { BotStatesController } from './states/bot-states.controller';
import { BotStatesService } from './states/bot-states.service';
import { StateEntity } from './states/state.entity';
import { StateSweeper } from './states/state-sweeper';
import { StatesRepository } from './states/states.repository';
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
          entities: [IntegrationSettingsEntity, UserEntity, ConversationEntity, ParticipantEntity, MessageEntity, EventEntity, BotLogEntity, StateEntity],
          migrations: [Initial1732200000000, Events1732300000000, BotLoop1732400000000, BotLogs1732500000000, States1732610000000, RuntimeLists1732620000000],
        }),
      ],
      controllers: [
        healthController('runtime'),
        BotDataController,
        IntegrationsController,
        ChatUsersController,
        ChatConversationsController,
        ChatParticipantsController,
        ChatMessagesController,
        ChatEventsController,
        BotMessagesController,
        BotLogsController,
        BotEventsController,
        BotStatesController,
        BotUsersController,
        BotConversationsController,
        BotParticipantsController,
      ],
      providers: [
        RuntimeAccessService,
        BotDataRepository,
        BotDataService,
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
        BotLogsRepository,
        BotLogsService,
        BotEventsService,
        StatesRepository,
        BotStatesService,
        StateSweeper,
        KeyLock,
        GetOrCreate,
        UsersService,
        BotUsersService,
        ConversationsService,
        BotConversationsService,
        ParticipantsService,
        BotParticipantsService,
      ],
    };
  }
}
