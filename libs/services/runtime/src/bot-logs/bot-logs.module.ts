import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BotLogEntity } from './bot-log.entity';
import { BotLogRetention } from './bot-log-retention';
import { BotLogsController } from './bot-logs.controller';
import { BotLogsRepository } from './bot-logs.repository';
import { BotLogsService } from './bot-logs.service';

@Module({
  imports: [TypeOrmModule.forFeature([BotLogEntity])],
  controllers: [BotLogsController],
  providers: [BotLogsRepository, BotLogsService, BotLogRetention],
  exports: [BotLogsService],
})
export class BotLogsModule {}
