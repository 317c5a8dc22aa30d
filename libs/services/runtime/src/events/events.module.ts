import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { MessagesModule } from '../messages/messages.module';
import { SignalsModule } from '../signals/signals.module';
import { UsersModule } from '../users/users.module';
import { SchedulesModule } from '../schedules/schedules.module';
import { WorkflowsModule } from '../workflows/workflows.module';
import { BotEventsController } from './bot-events.controller';
import { BotEventsService } from './bot-events.service';
import { EventRetention } from './event-retention';
import { ExpiredEventsRepository } from './expired-events.repository';

/** The events API, and the retention of events that ended. The events table and its repository come with the outbox (`DeliveryModule`). */
@Module({
  imports: [ConversationsModule, DeliveryModule, MessagesModule, SchedulesModule, SignalsModule, UsersModule, WorkflowsModule],
  controllers: [BotEventsController],
  providers: [BotEventsService, ExpiredEventsRepository, EventRetention],
})
export class EventsModule {}
