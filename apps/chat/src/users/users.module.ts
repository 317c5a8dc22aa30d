import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { UsersController } from './users.controller';

@Module({
  imports: [WebhooksModule],
  controllers: [UsersController],
})
export class UsersModule {}
