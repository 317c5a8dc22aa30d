import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { MessagesModule } from '../messages/messages.module';
import { ParticipantsModule } from '../participants/participants.module';
import { UsersModule } from '../users/users.module';
import { IncomingController } from './incoming.controller';
import { IncomingService } from './incoming.service';

@Module({
  imports: [ConversationsModule, MessagesModule, ParticipantsModule, UsersModule],
  controllers: [IncomingController],
  providers: [IncomingService],
})
export class IncomingModule {}
