import { Module } from '@nestjs/common';
import { SignalsModule } from '../signals/signals.module';
import { BotDataController } from './bot-data.controller';
import { BotDataRepository } from './bot-data.repository';
import { BotDataService } from './bot-data.service';

/** A bot's data as a whole (its purge), across the tables the other modules register. */
@Module({
  imports: [SignalsModule],
  controllers: [BotDataController],
  providers: [BotDataRepository, BotDataService],
})
export class BotsModule {}
