import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT, operationEdge } from '@platform/messaging';
import { BotAccessModule, BotAccessPolicy } from '@platform/bot-access';
import { PersistenceModule } from '@platform/persistence';
import { ActionsModule } from './actions/actions.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { BotLogsModule } from './bot-logs/bot-logs.module';
import { BotsModule } from './bots/bots.module';
import { ConversationsModule } from './conversations/conversations.module';
import { DeliveryModule } from './delivery/delivery.module';
import { EventsModule } from './events/events.module';
import { IncomingModule } from './incoming/incoming.module';
import { FailuresModule } from './failures/failures.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { MessagesModule } from './messages/messages.module';
import { RUNTIME_MIGRATIONS } from './migrations';
import { RUNTIME } from './runtime-caller';
import { ParticipantsModule } from './participants/participants.module';
import { SchedulerModule } from './schedules/scheduler.module';
import { StatesModule } from './states/states.module';
import { TagsModule } from './tags/tags.module';
import { TasksModule } from './tasks/tasks.module';
import { UsersModule } from './users/users.module';
import { WorkflowsModule } from './workflows/workflows.module';

@Module({})
export class RuntimeModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: RuntimeModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        PersistenceModule.forService({ schema: 'runtime', migrations: RUNTIME_MIGRATIONS }),
        BotAccessModule.forService(RUNTIME),
        ActionsModule,
        AnalyticsModule,
        BotLogsModule,
        BotsModule,
        ConversationsModule,
        DeliveryModule,
        EventsModule,
        IncomingModule,
        FailuresModule,
        IntegrationsModule,
        MessagesModule,
        ParticipantsModule,
        SchedulerModule,
        StatesModule,
        TagsModule,
        TasksModule,
        UsersModule,
        WorkflowsModule,
      ],
      controllers: [healthController('runtime')],
      providers: operationEdge(BotAccessPolicy),
    };
  }
}
