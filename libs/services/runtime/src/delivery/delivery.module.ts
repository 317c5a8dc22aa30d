import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BotLogsModule } from '../bot-logs/bot-logs.module';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { SignalsModule } from '../signals/signals.module';
import { UsersModule } from '../users/users.module';
import { BotDirectory } from './bot-directory';
import { BotCodeEndpoint } from './bot-code-endpoint';
import { BotEndpoint } from './bot-endpoint';
import { EventDelivery } from './event-delivery';
import { EventOutbox } from './event-outbox';
import { MailboxesRepository } from './mailboxes.repository';
import { MailboxStatistics } from './mailbox-statistics';

/**
 * Events from the outbox to the bots. The events table is the outbox, so its repository is
 * provided here and shared with the modules that record events (events, messages), which sit
 * above this one.
 */
@Module({
  imports: [TypeOrmModule.forFeature([EventEntity]), BotLogsModule, SignalsModule, UsersModule],
  providers: [EventsRepository, MailboxesRepository, MailboxStatistics, EventOutbox, BotDirectory, BotEndpoint, BotCodeEndpoint, EventDelivery],
  exports: [EventsRepository, EventOutbox],
})
export class DeliveryModule {}
