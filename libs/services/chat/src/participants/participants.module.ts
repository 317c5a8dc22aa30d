import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { ParticipantsController } from './participants.controller';
import { ParticipantsService } from './participants.service';

@Module({ imports: [ConversationsModule], controllers: [ParticipantsController], providers: [ParticipantsService], exports: [ParticipantsService] })
export class ParticipantsModule {}
