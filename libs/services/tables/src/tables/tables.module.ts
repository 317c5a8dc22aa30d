import { Module } from '@nestjs/common';
import { TableDefinitions } from './table-definitions';
import { TablesController } from './tables.controller';
import { TablesRepository } from './tables.repository';
import { TablesService } from './tables.service';

@Module({
  controllers: [TablesController],
  providers: [TablesRepository, TablesService, TableDefinitions],
  exports: [TablesRepository, TablesService, TableDefinitions],
})
export class TablesModule {}
