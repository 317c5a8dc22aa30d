import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommonModule } from '../common/common.module';
import { SignalsModule } from '../signals/signals.module';
import { UsersModule } from '../users/users.module';
import { BotConversationsController } from './bot-conversations.controller';
import { BotConversationsService } from './bot-conversations.service';
import { ConversationEntity } from './conversation.entity';
import { ConversationsRepository } from './conversations.repository';
import { ConversationsService } from './conversations.service';
import { ParticipantEntity } from './participant.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ConversationEntity, ParticipantEntity]), CommonModule, SignalsModule, UsersModule],
  controllers: [BotConversationsController],
  providers: [ConversationsRepository, ConversationsService, BotConversationsService],
  exports: [ConversationsRepository, ConversationsService, BotConversationsService],
})
export class ConversationsModule {}
