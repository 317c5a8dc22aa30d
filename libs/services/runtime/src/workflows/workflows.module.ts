import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommonModule } from '../common/common.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { SchedulesModule } from '../schedules/schedules.module';
import { UsersModule } from '../users/users.module';
import { BotWorkflowsController } from './bot-workflows.controller';
import { BotWorkflowsService } from './bot-workflows.service';
import { WorkflowEvents } from './workflow-events';
import { WorkflowEntity } from './workflow.entity';
import { WorkflowsRepository } from './workflows.repository';

@Module({
  imports: [TypeOrmModule.forFeature([WorkflowEntity]), CommonModule, ConversationsModule, DeliveryModule, SchedulesModule, UsersModule],
  controllers: [BotWorkflowsController],
  providers: [WorkflowsRepository, WorkflowEvents, BotWorkflowsService],
  exports: [WorkflowsRepository, WorkflowEvents, BotWorkflowsService],
})
export class WorkflowsModule {}
