import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { BusTransport, MessagingModule, NATS_TRANSPORT } from '@platform/messaging';
import { BotApiKeysController } from './admin/bot-api-keys.controller';
import { BotsController } from './admin/bots.controller';
import { WorkspacesController } from './admin/workspaces.controller';
import { AccountController } from './admin/account.controller';
import { AccountsController } from './admin/accounts.controller';
import { WorkspaceMembersController } from './admin/workspace-members.controller';
import { ChatConversationsController } from './chat/conversations.controller';
import { ChatEventsController } from './chat/events.controller';
import { HelloController } from './chat/hello.controller';
import { ListenRelay } from './chat/listen-relay';
import { ChatMessagesController } from './chat/messages.controller';
import { ChatParticipantsController } from './chat/participants.controller';
import { ChatUsersController } from './chat/users.controller';
import { HealthController } from './health/health.controller';
import { ServiceProxy } from './http/service-proxy';
import { IntegrationsController } from './runtime/integrations.controller';
import { MessagesController } from './runtime/messages.controller';
import { UsersController } from './runtime/users.controller';
import { ConversationsController } from './runtime/conversations.controller';
import { ParticipantsController } from './runtime/participants.controller';
import { EventsController } from './runtime/events.controller';
import { StatesController } from './runtime/states.controller';

@Module({})
export class GatewayModule {
  static forRoot(config: PlatformConfig, logger: JsonLogger, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: GatewayModule,
      imports: [ConfigModule.forRoot(config), MessagingModule.forRoot(transport)],
      controllers: [
        HealthController,
        IntegrationsController,
        MessagesController,
        UsersController,
        ConversationsController,
        ParticipantsController,
        EventsController,
        StatesController,
        WorkspacesController,
        AccountController,
        AccountsController,
        WorkspaceMembersController,
        // Before BotsController, whose /v1/admin/bots/:id would take /v1/admin/bots/baks.
        BotApiKeysController,
        BotsController,
        HelloController,
        ChatUsersController,
        ChatConversationsController,
        ChatParticipantsController,
        ChatMessagesController,
        ChatEventsController,
      ],
      providers: [ServiceProxy, ListenRelay, { provide: JsonLogger, useValue: logger }],
    };
  }
}
