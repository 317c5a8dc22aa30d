import { Injectable, Logger } from '@nestjs/common';
import { FilesRepository } from '../files/files.repository';
import { FilesService } from '../files/files.service';

/** The files service's part in deleting a bot (or its workspace): its files, passages, knowledge bases and contents go. */
@Injectable()
export class BotFilesService {
  private readonly logger = new Logger('BotFiles');

  constructor(
    private readonly files: FilesRepository,
    private readonly fileService: FilesService,
  ) {}

  /** Idempotent: purging a bot with nothing left succeeds. */
  async purge(botId: string): Promise<Record<string, never>> {
    const blobs = await this.files.transaction(async (manager) => {
      await manager.query(`DELETE FROM "files"."knowledge_bases" WHERE "bot_id" = $1`, [botId]);
      return this.files.deleteWhere(manager, `f."bot_id" = $1`, [botId]);
    });
    await this.fileService.removeBlobs(blobs);
    if (blobs.length > 0) this.logger.log({ msg: 'purged bot files', botId, blobs: blobs.length });
    return {};
  }
}
