import { DynamicModule, Module } from '@nestjs/common';
import { BotAccessModule, BotAccessPolicy } from '@platform/bot-access';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT, operationEdge } from '@platform/messaging';
import { PersistenceModule } from '@platform/persistence';
import { BotsModule } from './bots/bots.module';
import { JobsModule } from './jobs/jobs.module';
import { TABLES_MIGRATIONS } from './migrations';
import { RowsModule } from './rows/rows.module';
import { TABLES } from './tables-caller';
import { TablesModule as TablesResourceModule } from './tables/tables.module';

/** The tables service: a bot's tables and their rows, in the `tables` schema (docs/tables.md). */
@Module({})
export class TablesServiceModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: TablesServiceModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        PersistenceModule.forService({ schema: 'tables', migrations: TABLES_MIGRATIONS }),
        BotAccessModule.forService(TABLES),
        TablesResourceModule,
        RowsModule,
        JobsModule,
        BotsModule,
      ],
      controllers: [healthController('tables')],
      providers: operationEdge(BotAccessPolicy),
    };
  }
}
