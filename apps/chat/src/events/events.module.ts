import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { EventsController } from './events.controller';

@Module({
  imports: [WebhooksModule],
  controllers: [EventsController],
})
export class EventsModule {}
