import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ParticipantsController } from './participants.controller';

@Module({
  imports: [WebhooksModule],
  controllers: [ParticipantsController],
})
export class ParticipantsModule {}
