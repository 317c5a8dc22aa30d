import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActionRunEntity } from './action-run.entity';
import { ActionRunsRepository } from './action-runs.repository';
import { ActionsController } from './actions.controller';
import { ActionsService } from './actions.service';

@Module({
  imports: [TypeOrmModule.forFeature([ActionRunEntity])],
  controllers: [ActionsController],
  providers: [ActionRunsRepository, ActionsService],
})
export class ActionsModule {}
