import { Injectable } from '@nestjs/common';
import { BotAccess, IntegrationInstance } from '@platform/bot-access';
import { PlatformConfig } from '@platform/config';
import { Errors, FileTransfer, FileWrite } from '@platform/contracts';
import { FilesRepository } from '../files/files.repository';
import { FilesService } from '../files/files.service';

/** Who a service acts for: the bot, or the integration its request came through. */
export interface ServiceFileAccess {
  botId: string;
  integrationAlias?: string;
  integrationId?: string;
}

/**
 * Files other services write and read for a bot (the tables service's exports and imports). They
 * move the bytes through the blob store themselves, as the gateway does for uploads, so no
 * content crosses the bus; this service decides which blob, and what the file becomes.
 */
@Injectable()
export class ServiceFilesService {
  constructor(
    private readonly files: FilesRepository,
    private readonly fileService: FilesService,
    private readonly config: PlatformConfig,
  ) {}

  /** A new file of the bot, its upload claimed at once: only the caller may complete it. */
  async openWrite(who: ServiceFileAccess, key: string, contentType: string): Promise<FileWrite> {
    const file = await this.fileService.createPending(who.botId, integrationOf(who), { key, contentType, size: 0 });
    const uploadId = file.uploadId!;
    if (!(await this.files.claimUpload(file.botId, file.id, uploadId))) throw Errors.forbidden(`File '${key}' was replaced while it was being created`);
    return { fileId: file.id, blob: uploadId, maxSize: this.config.filesMaxSizeBytes };
  }

  async completeWrite(botId: string, fileId: string, size: number): Promise<Record<string, never>> {
    const file = await this.files.find(botId, fileId);
    if (!file || file.id !== fileId || !file.uploadId) throw Errors.notFound('File', fileId);
    if (size > this.config.filesMaxSizeBytes)
      throw Errors.invalidPayload(`The file is ${size} bytes; files may be at most ${this.config.filesMaxSizeBytes} bytes`);
    await this.fileService.complete(botId, fileId, file.uploadId, size);
    return {};
  }

  /** Deletes the file if its content is still being written (what was written goes with it). */
  async abandonWrite(botId: string, fileId: string): Promise<Record<string, never>> {
    const blobs = await this.files.transaction((manager) =>
      this.files.deleteWhere(manager, `f."bot_id" = $1 AND f."id" = $2 AND f."status" = 'upload_pending' AND f."upload_claimed"`, [botId, fileId]),
    );
    await this.fileService.removeBlobs(blobs);
    return {};
  }

  /** Where the content of a file the caller may read is; a file with no content yet is a 400. */
  async openRead(who: ServiceFileAccess, idOrKey: string): Promise<FileTransfer> {
    const file = await this.fileService.readable(new BotAccess(who.botId, integrationOf(who)), idOrKey);
    if (!file.blob) throw Errors.invalidPayload(`File '${idOrKey}' has no content (its status is ${file.status}): upload its content first`);
    return { blob: file.blob, contentType: file.contentType, size: file.size ?? 0, key: file.key };
  }
}

function integrationOf(who: ServiceFileAccess): IntegrationInstance | undefined {
  return who.integrationAlias ? { alias: who.integrationAlias, integrationId: who.integrationId ?? who.integrationAlias } : undefined;
}
