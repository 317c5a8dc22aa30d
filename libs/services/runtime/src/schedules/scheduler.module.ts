import { Module } from '@nestjs/common';
import { BotLogsModule } from '../bot-logs/bot-logs.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { MessagesModule } from '../messages/messages.module';
import { SignalsModule } from '../signals/signals.module';
import { StatesModule } from '../states/states.module';
import { TasksModule } from '../tasks/tasks.module';
import { UsersModule } from '../users/users.module';
import { WorkflowsModule } from '../workflows/workflows.module';
import { Scheduler } from './scheduler';
import { SchedulesModule } from './schedules.module';

/** Fires scheduled messages and events, and state expiries, when due. */
@Module({
  imports: [
    BotLogsModule,
    ConversationsModule,
    DeliveryModule,
    MessagesModule,
    SchedulesModule,
    SignalsModule,
    StatesModule,
    TasksModule,
    UsersModule,
    WorkflowsModule,
  ],
  providers: [Scheduler],
  exports: [Scheduler],
})
export class SchedulerModule {}
