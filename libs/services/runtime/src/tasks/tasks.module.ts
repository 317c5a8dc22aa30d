import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConversationsModule } from '../conversations/conversations.module';
import { SchedulesModule } from '../schedules/schedules.module';
import { UsersModule } from '../users/users.module';
import { BotTasksController } from './bot-tasks.controller';
import { BotTasksService } from './bot-tasks.service';
import { TaskEntity } from './task.entity';
import { TasksRepository } from './tasks.repository';

@Module({
  imports: [TypeOrmModule.forFeature([TaskEntity]), ConversationsModule, SchedulesModule, UsersModule],
  controllers: [BotTasksController],
  providers: [TasksRepository, BotTasksService],
  exports: [TasksRepository],
})
export class TasksModule {}
