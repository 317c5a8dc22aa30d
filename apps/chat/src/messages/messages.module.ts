import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { MessagesController } from './messages.controller';

@Module({
  imports: [WebhooksModule],
  controllers: [MessagesController],
})
export class MessagesModule {}
