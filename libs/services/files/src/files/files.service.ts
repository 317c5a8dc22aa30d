import { Injectable, Logger } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import {
  ApiError,
  Caller,
  Errors,
  FilesOperations,
  FileResponse,
  FileTransfer,
  InputOf,
  isServiceCaller,
  ListFilesQuery,
  ListFilesResponse,
  newId,
  RuntimeCaller,
  ulid,
  UpdateFileMetadataBody,
  UpsertFileBody,
  UpsertFileResponse,
} from '@platform/contracts';
import { BotAccess, BotAccessService, IntegrationInstance } from '@platform/bot-access';
import { BlobStore } from '@platform/messaging';
import { isUniqueViolation } from '@platform/persistence';
import type { EntityManager } from 'typeorm';
import { Indexer } from '../passages/indexer';
import { PassagesRepository } from '../passages/passages.repository';
import { FileAddresses } from '../transfers/file-addresses';
import { Grant } from '../transfers/signed-urls';
import { FileRow, offsetOf, ownedBy, tokenOf, visibleTo } from './file-row';
import { contentTypeOf, fileView } from './file-view';
import { FilesRepository } from './files.repository';

type CopyFileInput = InputOf<typeof FilesOperations.copyFile>;

/** Expiries are at most this far ahead (the reference's rule). */
const MAX_EXPIRY_MS = 90 * 24 * 3600 * 1000;

/** A file's content, its metadata and its lifecycle: upload, download, copy, delete. */
@Injectable()
export class FilesService {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly files: FilesRepository,
    private readonly passages: PassagesRepository,
    private readonly addresses: FileAddresses,
    private readonly store: BlobStore,
    private readonly indexer: Indexer,
    private readonly config: PlatformConfig,
    private readonly botAccess: BotAccessService,
  ) {}

  async upsert(access: BotAccess, input: UpsertFileBody): Promise<UpsertFileResponse> {
    if (input.size > this.config.filesMaxSizeBytes) {
      throw new ApiError('PayloadTooLarge', `The file is ${input.size} bytes; files may be at most ${this.config.filesMaxSizeBytes} bytes`);
    }
    const file = await this.createPending(access.botId, access.integration, input);
    const uploadUrl = this.addresses.url({ kind: 'upload', botId: file.botId, fileId: file.id, uploadId: file.uploadId!, expiresAt: this.addresses.expiry() });
    return { file: { ...fileView(file, this.contentUrl(file)), uploadUrl } };
  }

  /**
   * A file waiting for its content under `input.key` (a new one, or the file of that key with its
   * content erased): its `uploadId` names the blob the content is to be stored in.
   */
  async createPending(botId: string, integration: IntegrationInstance | undefined, input: UpsertFileBody): Promise<FileRow> {
    const expiresAt = input.expiresAt === undefined ? null : checkedExpiry(input.expiresAt);
    const now = new Date();
    const uploadId = `${botId}.${ulid()}`;
    return this.files.transaction(async (manager) => {
      const existing = await this.files.findByKeyForUpdate(manager, botId, input.key);
      if (existing && !ownedBy(existing, integration?.alias)) throw Errors.forbidden(`File '${input.key}' belongs to the bot or another integration`);
      const row: FileRow = {
        botId,
        id: existing?.id ?? newId('file'),
        key: input.key,
        contentType: input.contentType ?? contentTypeOf(input.key),
        declaredSize: input.size,
        size: null,
        tags: input.tags ?? {},
        metadata: input.metadata ?? {},
        accessPolicies: [...new Set(input.accessPolicies ?? [])],
        index: input.index ?? false,
        indexing: input.indexing ?? null,
        status: 'upload_pending',
        failedStatusReason: null,
        owner: integration ? { type: 'integration', name: integration.integrationId, alias: integration.alias } : { type: 'bot', id: botId },
        expiresAt,
        blob: null,
        uploadId,
        pendingPassages: null,
        indexed: false,
        language: null,
        embeddingModel: null,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      try {
        await this.write(manager, row, existing);
      } catch (error) {
        if (isUniqueViolation(error)) throw Errors.alreadyExists('File', input.key);
        throw error;
      }
      return row;
    });
  }

  /** Writes the file's row: a new one, or in place of the file under its key, whose content then goes once no one reads it. */
  private async write(manager: EntityManager, row: FileRow, existing: FileRow | undefined): Promise<void> {
    if (!existing) return this.files.insert(manager, row);
    await this.files.orphan(
      manager,
      [existing.blob, existing.uploadId].filter((b): b is string => b !== null),
    );
    await this.files.replace(manager, row);
  }

  async get(access: BotAccess, idOrKey: string): Promise<FileResponse> {
    const file = await this.readable(access, idOrKey);
    return { file: fileView(file, this.contentUrl(file)) };
  }

  async list(access: BotAccess, query: ListFilesQuery): Promise<ListFilesResponse> {
    const offset = offsetOf(query.nextToken);
    const limit = query.pageSize ?? 20;
    const rows = await this.files.list(access.botId, { ...query, integrationAlias: access.integration?.alias, offset, limit: limit + 1 });
    return {
      files: rows.slice(0, limit).map((f) => fileView(f, this.contentUrl(f))),
      meta: rows.length > limit ? { nextToken: tokenOf(offset + limit) } : {},
    };
  }

  async updateMetadata(access: BotAccess, idOrKey: string, input: UpdateFileMetadataBody): Promise<FileResponse> {
    const file = await this.writable(access, idOrKey);
    const metadata = { ...file.metadata };
    for (const [key, value] of Object.entries(input.metadata ?? {})) {
      if (value === null) delete metadata[key];
      else metadata[key] = value;
    }
    const tags = { ...file.tags };
    for (const [key, value] of Object.entries(input.tags ?? {})) {
      if (value === null) delete tags[key];
      else tags[key] = value;
    }
    const updated = await this.files.updateMetadata(access.botId, file.id, {
      metadata,
      tags,
      accessPolicies: input.accessPolicies ? [...new Set(input.accessPolicies)] : file.accessPolicies,
      expiresAt: input.expiresAt === undefined ? file.expiresAt : input.expiresAt === null ? null : checkedExpiry(input.expiresAt),
    });
    if (!updated) throw Errors.notFound('File', idOrKey);
    return { file: fileView(updated, this.contentUrl(updated)) };
  }

  async delete(access: BotAccess, idOrKey: string): Promise<Record<string, never>> {
    const file = await this.writable(access, idOrKey);
    const blobs = await this.files.transaction((manager) => this.files.deleteWhere(manager, `f."bot_id" = $1 AND f."id" = $2`, [access.botId, file.id]));
    await this.removeBlobs(blobs);
    return {};
  }

  /**
   * Copies a file under `destinationKey`, in the caller's bot or, with `x-destination-bot-id`, in
   * another bot of the workspace where the caller may create files. The copy belongs to the bot it
   * is written to (or to the integration the request came through, installed there too).
   */
  async copy(access: BotAccess, caller: Caller, input: CopyFileInput): Promise<FileResponse> {
    const source = await this.readable(access, input.idOrKey);
    if (!source.blob) throw Errors.invalidPayload(`File '${input.idOrKey}' has no content yet; upload it before copying it`);
    const destinationBotId = input['x-destination-bot-id'];
    const elsewhere = destinationBotId !== undefined && destinationBotId !== access.botId;
    if (elsewhere && isServiceCaller(caller)) throw Errors.forbidden('A service copies files within the bot it acts for only');
    const destination = elsewhere ? await this.botAccess.destination(caller as RuntimeCaller, destinationBotId) : access;
    const destinationKey = input.destinationKey;
    const blob = `${destination.botId}.${ulid()}`;
    await this.store.copy(source.blob, blob);
    const now = new Date();
    try {
      const copy = await this.files.transaction(async (manager) => {
        const existing = await this.files.findByKeyForUpdate(manager, destination.botId, destinationKey);
        if (existing && !input.overwrite) throw Errors.alreadyExists('File', destinationKey);
        if (existing && !ownedBy(existing, destination.integration?.alias)) throw Errors.forbidden(`File '${destinationKey}' belongs to someone else`);
        if (existing?.id === source.id) throw Errors.invalidPayload('A file cannot be copied onto itself');
        const integration = destination.integration;
        const row: FileRow = {
          ...source,
          botId: destination.botId,
          id: existing?.id ?? newId('file'),
          key: destinationKey,
          // In another bot, the copy is that bot's (or the requesting integration's there).
          owner: !elsewhere
            ? source.owner
            : integration
              ? { type: 'integration', name: integration.integrationId, alias: integration.alias }
              : { type: 'bot', id: destination.botId },
          blob,
          uploadId: null,
          pendingPassages: null,
          status: source.status === 'indexing_completed' || !source.index ? source.status : 'indexing_pending',
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        };
        if (row.status === 'upload_failed' || row.status === 'upload_pending') row.status = 'upload_completed';
        await this.write(manager, row, existing);
        if (row.status === 'indexing_completed') await this.passages.copy(manager, source.botId, source.id, row.botId, row.id);
        return row;
      });
      if (copy.status === 'indexing_pending') this.indexer.wake();
      return { file: fileView(copy, this.contentUrl(copy)) };
    } catch (error) {
      await this.removeBlobs([blob]);
      if (isUniqueViolation(error)) throw Errors.alreadyExists('File', destinationKey);
      throw error;
    }
  }

  /** The gateway begins storing an upload: the address must be valid and its upload still pending and unclaimed. */
  async openUpload(token: string): Promise<FileTransfer> {
    const grant = this.grant(token, 'upload');
    const file = await this.files.claimUpload(grant.botId, grant.fileId, grant.uploadId);
    if (!file) throw Errors.forbidden('This upload address was used already, or its file was replaced or deleted');
    return { blob: grant.uploadId, contentType: file.contentType, size: file.declaredSize };
  }

  async completeUpload(token: string, size: number): Promise<Record<string, never>> {
    const grant = this.grant(token, 'upload');
    await this.complete(grant.botId, grant.fileId, grant.uploadId, size);
    return {};
  }

  /** The content of a claimed upload is in its blob: it becomes the file's content. */
  async complete(botId: string, fileId: string, uploadId: string, size: number): Promise<FileRow> {
    const done = await this.files.completeUpload(botId, fileId, uploadId, size);
    if (!done) {
      // The file was replaced or deleted while its content arrived: that content is nobody's.
      await this.removeBlobs([uploadId]);
      throw Errors.forbidden('The file was replaced or deleted during the upload');
    }
    if (done.replaced) await this.removeBlobs([done.replaced]);
    if (done.file.status === 'indexing_pending') this.indexer.wake();
    return done.file;
  }

  async failUpload(token: string, reason: string): Promise<Record<string, never>> {
    const grant = this.grant(token, 'upload');
    await this.files.failUpload(grant.botId, grant.fileId, grant.uploadId, reason);
    return {};
  }

  async openDownload(token: string): Promise<FileTransfer> {
    const grant = this.addresses.signed.verify(token);
    if (grant.kind === 'upload') throw Errors.forbidden('This is an upload address');
    const file = await this.files.find(grant.botId, grant.fileId);
    if (!file || file.id !== grant.fileId || !file.blob) throw Errors.notFound('File', grant.fileId);
    if (grant.kind === 'public' && !file.accessPolicies.includes('public_content')) throw Errors.forbidden('The file is not public');
    return { blob: file.blob, contentType: file.contentType, size: file.size ?? 0, key: file.key };
  }

  /** A file the caller may read (an integration: its own, or those open to integrations); else 404. */
  async readable(access: BotAccess, idOrKey: string): Promise<FileRow> {
    const file = await this.require(access.botId, idOrKey);
    if (!visibleTo(file, access.integration?.alias)) throw Errors.notFound('File', idOrKey);
    return file;
  }

  /** A file the caller may change (an integration: only its own); 403 for one it may only read. */
  async writable(access: BotAccess, idOrKey: string): Promise<FileRow> {
    const file = await this.readable(access, idOrKey);
    if (!ownedBy(file, access.integration?.alias)) throw Errors.forbidden(`File '${idOrKey}' belongs to the bot or another integration`);
    return file;
  }

  async require(botId: string, idOrKey: string): Promise<FileRow> {
    const file = await this.files.find(botId, idOrKey);
    if (!file) throw Errors.notFound('File', idOrKey);
    return file;
  }

  /** Removes blobs from the store now; those that fail stay listed for the sweep. */
  async removeBlobs(blobs: string[]): Promise<void> {
    for (const blob of blobs) {
      try {
        await this.store.delete(blob);
        await this.files.forgetOrphan(blob);
      } catch (error) {
        this.logger.warn({ msg: 'content not removed yet', blob, error: (error as Error).message });
      }
    }
  }

  /** The public address of a public file, else a signed one that expires. */
  contentUrl(file: FileRow): string {
    const grant: Grant = file.accessPolicies.includes('public_content')
      ? { kind: 'public', botId: file.botId, fileId: file.id }
      : { kind: 'download', botId: file.botId, fileId: file.id, expiresAt: this.addresses.expiry() };
    return this.addresses.url(grant);
  }

  private grant(token: string, kind: 'upload'): Extract<Grant, { kind: 'upload' }> {
    const grant = this.addresses.signed.verify(token);
    if (grant.kind !== kind) throw Errors.forbidden('This is not an upload address');
    return grant;
  }
}

/** An expiry must be ahead, at most 90 days; it counts to the minute. */
function checkedExpiry(value: string): Date {
  const at = new Date(value);
  const now = Date.now();
  if (Number.isNaN(at.getTime()) || at.getTime() <= now) throw Errors.invalidPayload('expiresAt must be in the future');
  if (at.getTime() > now + MAX_EXPIRY_MS) throw Errors.invalidPayload('expiresAt must be at most 90 days from now');
  at.setUTCSeconds(0, 0);
  return at;
}
