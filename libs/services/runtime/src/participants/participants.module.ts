import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { SignalsModule } from '../signals/signals.module';
import { UsersModule } from '../users/users.module';
import { BotParticipantsController } from './bot-participants.controller';
import { BotParticipantsService } from './bot-participants.service';
import { ParticipantsService } from './participants.service';

/** The participants table (`ParticipantEntity`) is registered with the conversations, whose repository reads it. */
@Module({
  imports: [ConversationsModule, SignalsModule, UsersModule],
  controllers: [BotParticipantsController],
  providers: [ParticipantsService, BotParticipantsService],
  exports: [BotParticipantsService],
})
export class ParticipantsModule {}
