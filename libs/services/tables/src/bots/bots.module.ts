import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { TablesModule } from '../tables/tables.module';
import { BotTablesController } from './bot-tables.controller';

@Module({
  imports: [TablesModule, JobsModule],
  controllers: [BotTablesController],
})
export class BotsModule {}
