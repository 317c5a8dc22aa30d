import { Module } from '@nestjs/common';
import { BotsModule } from '../bots/bots.module';
import { BotIssuesController } from './bot-issues.controller';
import { BotIssuesRepository } from './bot-issues.repository';
import { BotIssuesService } from './bot-issues.service';

/** Bots' issues: their failed deliveries, grouped. */
@Module({
  imports: [BotsModule],
  controllers: [BotIssuesController],
  providers: [BotIssuesRepository, BotIssuesService],
})
export class BotIssuesModule {}
