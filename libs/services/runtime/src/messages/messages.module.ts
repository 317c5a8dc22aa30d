import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommonModule } from '../common/common.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { SignalsModule } from '../signals/signals.module';
import { UsersModule } from '../users/users.module';
import { SchedulesModule } from '../schedules/schedules.module';
import { BotMessagesController } from './bot-messages.controller';
import { BotMessagesService } from './bot-messages.service';
import { MessageWriter } from './message-writer';
import { MessageEntity } from './message.entity';
import { MessagesRepository } from './messages.repository';

@Module({
  imports: [TypeOrmModule.forFeature([MessageEntity]), CommonModule, ConversationsModule, DeliveryModule, SchedulesModule, SignalsModule, UsersModule],
  controllers: [BotMessagesController],
  providers: [MessagesRepository, MessageWriter, BotMessagesService],
  exports: [MessagesRepository, MessageWriter, BotMessagesService],
})
export class MessagesModule {}
