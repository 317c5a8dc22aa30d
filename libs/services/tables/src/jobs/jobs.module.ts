import { Module } from '@nestjs/common';
import { RowsModule } from '../rows/rows.module';
import { TablesModule } from '../tables/tables.module';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

@Module({
  imports: [TablesModule, RowsModule],
  controllers: [JobsController],
  providers: [JobsRepository, JobsService],
  exports: [JobsRepository],
})
export class JobsModule {}
