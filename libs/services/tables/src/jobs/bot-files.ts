import { Injectable } from '@nestjs/common';
import { IntegrationInstance } from '@platform/bot-access';
import { FileTransfer, FileWrite, InternalOperations as Internal } from '@platform/contracts';
import { BlobStore, BusClient, serviceEnvelope } from '@platform/messaging';
import { TABLES } from '../tables-caller';

/** Whose files a job writes and reads: the bot's, or those of the integration that asked for the job. */
export interface FilesOf {
  botId: string;
  integration?: IntegrationInstance;
}

export interface WriteHooks {
  /** The file exists (its content still to come): the job records its id. */
  opened(fileId: string): Promise<void>;
  /** Asked once the content is stored: false when the job went meanwhile (its table or bot deleted), and the file with it. */
  wanted(): Promise<boolean>;
}

/**
 * A bot's files in the files service, for the jobs: the files service decides which blob holds a
 * file's content and what the file becomes, over the bus; the bytes go between this process and
 * the blob store directly, as the gateway moves uploads, so no content crosses the bus.
 */
@Injectable()
export class BotFiles {
  constructor(
    private readonly bus: BusClient,
    private readonly store: BlobStore,
  ) {}

  /** The file, if it may be read and has content: 404 for another bot's or an unknown one, 400 for one never uploaded. */
  async open(of: FilesOf, fileId: string): Promise<FileTransfer> {
    return (await this.bus.call(Internal.openFileRead, serviceEnvelope(TABLES, { body: { ...ownerOf(of), fileId } }))) as FileTransfer;
  }

  /** The file's content, chunk by chunk as the store hands them out. */
  async read(of: FilesOf, fileId: string): Promise<AsyncIterable<Uint8Array>> {
    const file = await this.open(of, fileId);
    const content = await this.store.get(file.blob);
    if (!content) throw new Error(`The content of file '${fileId}' is gone`);
    return content;
  }

  /**
   * A new file of the bot under `key` holding `content`, streamed to the store; answers its id.
   * Past the files' size limit, or on any failure, the file goes with what was written of it.
   */
  async write(of: FilesOf, key: string, contentType: string, content: AsyncIterable<Uint8Array>, hooks: WriteHooks): Promise<string> {
    const target = (await this.bus.call(Internal.openFileWrite, serviceEnvelope(TABLES, { body: { ...ownerOf(of), key, contentType } }))) as FileWrite;
    try {
      await hooks.opened(target.fileId);
      const size = await this.store.put(target.blob, bounded(content, target.maxSize));
      if (!(await hooks.wanted())) throw new Error('The job was deleted');
      await this.bus.call(Internal.completeFileWrite, serviceEnvelope(TABLES, { body: { botId: of.botId, fileId: target.fileId, size } }));
      return target.fileId;
    } catch (error) {
      await this.abandon(of.botId, target.fileId).catch(() => undefined);
      throw error;
    }
  }

  /** Deletes a file whose writing was interrupted; nothing happens to a file that was completed. */
  async abandon(botId: string, fileId: string): Promise<void> {
    await this.bus.call(Internal.abandonFileWrite, serviceEnvelope(TABLES, { body: { botId, fileId } }));
  }
}

function ownerOf(of: FilesOf): { botId: string; integrationAlias?: string; integrationId?: string } {
  return of.integration ? { botId: of.botId, integrationAlias: of.integration.alias, integrationId: of.integration.integrationId } : { botId: of.botId };
}

/** The chunks, failing past `limit` bytes. */
async function* bounded(chunks: AsyncIterable<Uint8Array>, limit: number): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) throw new Error(`The file would be larger than the ${limit} bytes a file may hold (FILES_MAX_SIZE_BYTES)`);
    yield chunk;
  }
}
