import { Module } from '@nestjs/common';
import { TablesModule } from '../tables/tables.module';
import { BotTablesController } from './bot-tables.controller';

@Module({
  imports: [TablesModule],
  controllers: [BotTablesController],
})
export class BotsModule {}
