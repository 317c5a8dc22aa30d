import { DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, PlatformConfig } from '@platform/config';
import { BusTransport, healthController, MessagingModule, NATS_TRANSPORT, operationEdge } from '@platform/messaging';
import { BotAccessModule } from '@platform/bot-access';
import { PersistenceModule } from '@platform/persistence';
import { BotFilesModule } from './bots/bots.module';
import { FilesAccessPolicy } from './files-access.policy';
import { FILES } from './files-caller';
import { FileContentsModule } from './files/files.module';
import { KnowledgeBasesModule } from './knowledge-bases/knowledge-bases.module';
import { FILES_MIGRATIONS } from './migrations';
import { PassagesModule } from './passages/passages.module';

@Module({})
export class FilesModule {
  static forRoot(config: PlatformConfig, transport: BusTransport = NATS_TRANSPORT): DynamicModule {
    return {
      module: FilesModule,
      imports: [
        ConfigModule.forRoot(config),
        MessagingModule.forRoot(transport),
        PersistenceModule.forService({ schema: 'files', migrations: FILES_MIGRATIONS }),
        BotAccessModule.forService(FILES),
        FileContentsModule,
        PassagesModule,
        KnowledgeBasesModule,
        BotFilesModule,
      ],
      controllers: [healthController('files')],
      providers: operationEdge(FilesAccessPolicy),
    };
  }
}
