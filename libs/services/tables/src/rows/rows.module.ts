import { Module } from '@nestjs/common';
import { TablesModule } from '../tables/tables.module';
import { RowsController } from './rows.controller';
import { RowsRepository } from './rows.repository';
import { RowsService } from './rows.service';

@Module({
  imports: [TablesModule],
  controllers: [RowsController],
  providers: [RowsRepository, RowsService],
  exports: [RowsRepository],
})
export class RowsModule {}
