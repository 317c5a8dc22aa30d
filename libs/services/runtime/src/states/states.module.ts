import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConversationsModule } from '../conversations/conversations.module';
import { UsersModule } from '../users/users.module';
import { BotStatesController } from './bot-states.controller';
import { BotStatesService } from './bot-states.service';
import { StateEntity } from './state.entity';
import { StatesRepository } from './states.repository';

@Module({
  imports: [TypeOrmModule.forFeature([StateEntity]), ConversationsModule, UsersModule],
  controllers: [BotStatesController],
  providers: [StatesRepository, BotStatesService],
  exports: [StatesRepository],
})
export class StatesModule {}
