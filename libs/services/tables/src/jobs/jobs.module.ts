import { Module } from '@nestjs/common';
import { BLOB_STORE_PROVIDER } from '@platform/messaging';
import { RowsModule } from '../rows/rows.module';
import { TablesModule } from '../tables/tables.module';
import { BotFiles } from './bot-files';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

@Module({
  imports: [TablesModule, RowsModule],
  controllers: [JobsController],
  providers: [JobsRepository, JobsService, BotFiles, BLOB_STORE_PROVIDER],
})
export class JobsModule {}
