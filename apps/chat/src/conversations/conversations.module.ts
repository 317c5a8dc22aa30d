import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ConversationsController } from './conversations.controller';

@Module({
  imports: [WebhooksModule],
  controllers: [ConversationsController],
})
export class ConversationsModule {}
