import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { ActionRunsService } from './action-runs.service';
import { BotActivityController } from './bot-activity.controller';
import { BotAnalyticsService } from './bot-analytics.service';

/** What a bot did, as the runtime service recorded it: its analytics and its action runs. */
@Module({
  imports: [BotsModule],
  controllers: [BotActivityController],
  providers: [BotAnalyticsService, ActionRunsService],
})
export class BotActivityModule {}
