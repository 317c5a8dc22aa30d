import { Module } from '@nestjs/common';
import { PlacementsRepository } from '../placements/placements.repository';
import { BotLogSink } from './bot-log-sink';
import { BotRunner } from './bot-runner';
import { DeploymentFilesStore } from './deployment-files';
import { RunnerController } from './runner.controller';

/** Runs bots' deployed code, one process per bot, spread over the replicas (docs/bot-hosting.md). */
@Module({
  controllers: [RunnerController],
  providers: [PlacementsRepository, DeploymentFilesStore, BotLogSink, BotRunner],
})
export class RunnerModule {}
