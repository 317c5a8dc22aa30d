import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT, operationEdge } from '@platform/messaging';
import { PersistenceModule } from '@platform/persistence';
import { BotsAccessPolicy } from './access/bots-access.policy';
import { BOTS_MIGRATIONS } from './migrations';
import { RunnerModule } from './runner/runner.module';

/**
 * The bots service runs bots' deployed code (`bp deploy`): each bot in a process of its own,
 * the bots spread over the service's replicas, their events handed over by the runtime's
 * delivery (docs/bot-hosting.md).
 */
@Module({})
export class BotsModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: BotsModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        PersistenceModule.forService({ schema: 'bots', migrations: BOTS_MIGRATIONS }),
        RunnerModule,
      ],
      controllers: [healthController('bots')],
      providers: operationEdge(BotsAccessPolicy),
    };
  }
}
