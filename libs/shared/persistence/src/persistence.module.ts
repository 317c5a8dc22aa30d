import { DynamicModule, Module } from '@nestjs/common';
import { MigrationInterface } from 'typeorm';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseAvailability } from './database-availability';
import { DatabaseHealth } from './database-health';
import { PlatformConfig } from '@platform/config';
import { DependencyHealth, ErrorTranslations, IdempotencyStore } from '@platform/messaging';
import { IdempotencyRecords, idempotencyMigration } from './idempotency-records';
import { ensureSchema } from './database-schema';
import { openMigrated } from './exclusive-migrations';
import { PreparingClient } from './prepared-statements';

export interface ServiceSchemaOptions {
  /** Postgres schema owned by the service. */
  schema: string;
  /** The service's migrations, oldest first. */
  migrations: Array<new () => MigrationInterface>;
}

/**
 * One TypeORM data source per service, confined to the service's own schema. Its entities are
 * the ones the feature modules register with `TypeOrmModule.forFeature` (`autoLoadEntities`, which
 * collects them per process: a service running alone gets exactly its own; where services share
 * a process, as in the bench's in-process mode, each also knows the others' entities, unused).
 * Migrations run at start, one replica at a time (`openMigrated`); `synchronize` is never used.
 */
@Module({})
export class PersistenceModule {
  static forService(options: ServiceSchemaOptions): DynamicModule {
    // Read by the factory of the data source, which sees only TypeORM's options.
    let singleSession = false;
    return {
      module: PersistenceModule,
      // Global, so that the idempotent operations' handlers find the store in whichever module declares them.
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [PlatformConfig],
          useFactory: async (config: PlatformConfig) => {
            await ensureSchema(config.databaseUrl, options.schema);
            singleSession = config.singleSessionDatabase;
            return {
              type: 'postgres' as const,
              url: config.databaseUrl,
              schema: options.schema,
              autoLoadEntities: true,
              // Every service that keeps data keeps the first answers of idempotent requests too.
              migrations: [...options.migrations, idempotencyMigration(options.schema)],
              // Run by `openMigrated`, one replica at a time.
              migrationsRun: false,
              migrationsTableName: 'migrations',
              migrationsTransactionMode: 'each' as const,
              synchronize: false,
              applicationName: options.schema,
              // A database that is down answers fast (503), never after a long wait.
              extra: {
                max: config.databasePoolSize,
                connectionTimeoutMillis: 2000,
                idleTimeoutMillis: 30000,
                // The embedded database serves every connection from one session, where statement names would meet.
                ...(config.databasePreparedStatements && !config.singleSessionDatabase ? { Client: PreparingClient } : {}),
              },
              retryAttempts: Number.MAX_SAFE_INTEGER,
              retryDelay: 2000,
            };
          },
          dataSourceFactory: (dataSourceOptions) => openMigrated(dataSourceOptions!, options.schema, singleSession),
        }),
      ],
      providers: [
        {
          // Registered with the bus's exception filter when the service starts.
          provide: DatabaseAvailability,
          inject: [ErrorTranslations],
          useFactory: (translations: ErrorTranslations) => {
            const translation = new DatabaseAvailability(options.schema);
            translations.add(translation);
            return translation;
          },
        },
        DatabaseHealth,
        { provide: DependencyHealth, useExisting: DatabaseHealth },
        IdempotencyRecords,
        { provide: IdempotencyStore, useExisting: IdempotencyRecords },
      ],
      exports: [DependencyHealth, IdempotencyStore],
    };
  }
}
