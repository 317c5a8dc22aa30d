import { Module } from '@nestjs/common';
import { BLOB_STORE_PROVIDER } from '@platform/messaging';
import { Indexer } from '../passages/indexer';
import { PassagesRepository } from '../passages/passages.repository';
import { FileAddresses } from '../transfers/file-addresses';
import { TransfersController } from '../transfers/transfers.controller';
import { FileTagsService } from './file-tags.service';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { Housekeeping } from './housekeeping';

/** Files, their contents (the blob store and the signed addresses the gateway moves them by) and their indexing. */
@Module({
  controllers: [FilesController, TransfersController],
  providers: [FilesRepository, PassagesRepository, FilesService, FileTagsService, FileAddresses, Indexer, Housekeeping, BLOB_STORE_PROVIDER],
  exports: [FilesRepository, PassagesRepository, FilesService, Indexer],
})
export class FileContentsModule {}
