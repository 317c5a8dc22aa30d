import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT, operationEdge } from '@platform/messaging';
import { PersistenceModule } from '@platform/persistence';
import { AccessModule } from './access/access.module';
import { RuntimeAccessPolicy } from './access/runtime-access.policy';
import { BotLogsModule } from './bot-logs/bot-logs.module';
import { BotsModule } from './bots/bots.module';
import { ConversationsModule } from './conversations/conversations.module';
import { DeliveryModule } from './delivery/delivery.module';
import { EventsModule } from './events/events.module';
import { FailuresModule } from './failures/failures.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { MessagesModule } from './messages/messages.module';
import { RUNTIME_MIGRATIONS } from './migrations';
import { ParticipantsModule } from './participants/participants.module';
import { StatesModule } from './states/states.module';
import { UsersModule } from './users/users.module';

@Module({})
export class RuntimeModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: RuntimeModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        PersistenceModule.forService({ schema: 'runtime', migrations: RUNTIME_MIGRATIONS }),
        AccessModule,
        BotLogsModule,
        BotsModule,
        ConversationsModule,
        DeliveryModule,
        EventsModule,
        FailuresModule,
        IntegrationsModule,
        MessagesModule,
        ParticipantsModule,
        StatesModule,
        UsersModule,
      ],
      controllers: [healthController('runtime')],
      providers: operationEdge(RuntimeAccessPolicy),
    };
  }
}
