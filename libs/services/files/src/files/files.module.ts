import { Module } from '@nestjs/common';
import { BLOB_STORE_PROVIDER } from '@platform/messaging';
import { Embeddings } from '../embeddings/embeddings';
import { Indexer } from '../passages/indexer';
import { PassagesRepository } from '../passages/passages.repository';
import { FileAddresses } from '../transfers/file-addresses';
import { ServiceFilesController } from '../transfers/service-files.controller';
import { ServiceFilesService } from '../transfers/service-files.service';
import { TransfersController } from '../transfers/transfers.controller';
import { FileTagsService } from './file-tags.service';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { Housekeeping } from './housekeeping';

/** Files, their contents (the blob store, the signed addresses the gateway moves them by, the writes and reads of other services) and their indexing. */
@Module({
  controllers: [FilesController, TransfersController, ServiceFilesController],
  providers: [
    FilesRepository,
    PassagesRepository,
    FilesService,
    FileTagsService,
    FileAddresses,
    Indexer,
    Embeddings,
    Housekeeping,
    ServiceFilesService,
    BLOB_STORE_PROVIDER,
  ],
  exports: [FilesRepository, PassagesRepository, FilesService, Indexer, Embeddings],
})
export class FileContentsModule {}
