import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FileSortField, FileTagFilter } from '@platform/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { FILE_SELECT, fileFromRow, FileRow, PassageInputRow, returnedRows, tagFilterSql, visibilitySql } from './file-row';

export interface FileListQuery {
  /** The integration listing, which sees only the files it may read. */
  integrationAlias?: string;
  tags?: FileTagFilter;
  ids?: string[];
  indexed?: boolean;
  sortField?: FileSortField;
  sortDirection?: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const SORT_COLUMNS: Record<FileSortField, string> = {
  key: 'key',
  size: 'size',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  status: 'status',
};

/** The only access to the `files.files` table (and the blobs it lets go). */
@Injectable()
export class FilesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async signingKey(): Promise<string> {
    const rows = (await this.db.query(`SELECT "secret" FROM "files"."signing_keys" WHERE "id" = 1`)) as Array<{ secret: string }>;
    return rows[0].secret;
  }

  /** A live file (not expired) by id, or else by key. */
  async find(botId: string, idOrKey: string, manager: EntityManager = this.db.manager, lock = false): Promise<FileRow | undefined> {
    const rows = (await manager.query(
      `SELECT ${FILE_SELECT()} FROM "files"."files" f
        WHERE f."bot_id" = $1 AND (f."id" = $2 OR f."key" = $2) AND (f."expires_at" IS NULL OR f."expires_at" > now())
        ORDER BY (f."id" = $2) DESC LIMIT 1 ${lock ? 'FOR UPDATE' : ''}`,
      [botId, idOrKey],
    )) as Array<Record<string, unknown>>;
    return rows[0] ? fileFromRow(rows[0]) : undefined;
  }

  /** A file by key whatever its expiry (an upsert replaces an expired file the sweep has not removed yet). */
  async findByKeyForUpdate(manager: EntityManager, botId: string, key: string): Promise<FileRow | undefined> {
    const rows = (await manager.query(`SELECT ${FILE_SELECT()} FROM "files"."files" f WHERE f."bot_id" = $1 AND f."key" = $2 FOR UPDATE`, [
      botId,
      key,
    ])) as Array<Record<string, unknown>>;
    return rows[0] ? fileFromRow(rows[0]) : undefined;
  }

  async insert(manager: EntityManager, file: FileRow): Promise<void> {
    await manager.query(
      `INSERT INTO "files"."files" ("bot_id", "id", "key", "content_type", "declared_size", "size", "tags", "metadata", "access_policies", "index",
         "indexing", "status", "failed_status_reason", "owner", "expires_at", "blob", "upload_id", "pending_passages", "indexed", "created_at", "updated_at", "language", "embedding_model")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22::regconfig, $23)`,
      [
        file.botId,
        file.id,
        file.key,
        file.contentType,
        file.declaredSize,
        file.size,
        JSON.stringify(file.tags),
        JSON.stringify(file.metadata),
        file.accessPolicies,
        file.index,
        file.indexing === null ? null : JSON.stringify(file.indexing),
        file.status,
        file.failedStatusReason,
        JSON.stringify(file.owner),
        file.expiresAt,
        file.blob,
        file.uploadId,
        file.pendingPassages === null ? null : JSON.stringify(file.pendingPassages),
        file.indexed,
        file.createdAt,
        file.updatedAt,
        file.language,
        file.embeddingModel,
      ],
    );
  }

  /** Replaces every column of an existing file (its id and bot stay). */
  async replace(manager: EntityManager, file: FileRow): Promise<void> {
    await manager.query(`DELETE FROM "files"."passages" WHERE "bot_id" = $1 AND "file_id" = $2`, [file.botId, file.id]);
    await manager.query(`DELETE FROM "files"."files" WHERE "bot_id" = $1 AND "id" = $2`, [file.botId, file.id]);
    await this.insert(manager, file);
  }

  async updateMetadata(botId: string, id: string, changes: Pick<FileRow, 'tags' | 'metadata' | 'accessPolicies' | 'expiresAt'>): Promise<FileRow | undefined> {
    const rows = (await this.db.query(
      `UPDATE "files"."files" f SET "tags" = $3, "metadata" = $4, "access_policies" = $5, "expires_at" = $6, "updated_at" = now()
        WHERE f."bot_id" = $1 AND f."id" = $2 RETURNING ${FILE_SELECT()}`,
      [botId, id, JSON.stringify(changes.tags), JSON.stringify(changes.metadata), changes.accessPolicies, changes.expiresAt],
    )) as unknown;
    const [row] = returnedRows(rows);
    return row ? fileFromRow(row) : undefined;
  }

  async list(botId: string, query: FileListQuery): Promise<FileRow[]> {
    const where = [`f."bot_id" = $1`, `(f."expires_at" IS NULL OR f."expires_at" > now())`];
    const params: unknown[] = [botId];
    const tags = tagFilterSql('f."tags"', query.tags, params.length + 1);
    where.push(...tags.sql);
    params.push(...tags.params);
    if (query.ids) {
      params.push(query.ids);
      where.push(`f."id" = ANY($${params.length}::text[])`);
    }
    if (query.indexed !== undefined) where.push(query.indexed ? `f."indexed"` : `NOT f."indexed"`);
    if (query.integrationAlias !== undefined) {
      params.push(query.integrationAlias);
      where.push(visibilitySql('f', params.length));
    }
    const column = SORT_COLUMNS[query.sortField ?? 'createdAt'];
    const direction = query.sortDirection === 'asc' ? 'ASC' : 'DESC';
    params.push(query.limit, query.offset);
    const rows = (await this.db.query(
      `SELECT ${FILE_SELECT()} FROM "files"."files" f WHERE ${where.join(' AND ')}
        ORDER BY f."${column}" ${direction} NULLS LAST, f."id" ${direction} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    )) as Array<Record<string, unknown>>;
    return rows.map(fileFromRow);
  }

  /** Claims the pending upload of a file (once: a second claim finds none). */
  async claimUpload(botId: string, fileId: string, uploadId: string): Promise<FileRow | undefined> {
    const rows = (await this.db.query(
      `UPDATE "files"."files" f SET "upload_claimed" = true
        WHERE f."bot_id" = $1 AND f."id" = $2 AND f."upload_id" = $3 AND NOT f."upload_claimed" RETURNING ${FILE_SELECT()}`,
      [botId, fileId, uploadId],
    )) as unknown;
    const [row] = returnedRows(rows);
    return row ? fileFromRow(row) : undefined;
  }

  /** The claimed upload's content is stored: it becomes the file's content. Answers the file, and the content it replaced. */
  async completeUpload(botId: string, fileId: string, uploadId: string, size: number): Promise<{ file: FileRow; replaced: string | null } | undefined> {
    return this.db.transaction(async (manager) => {
      const current = (await manager.query(
        `SELECT "blob" FROM "files"."files" WHERE "bot_id" = $1 AND "id" = $2 AND "upload_id" = $3 AND "upload_claimed" FOR UPDATE`,
        [botId, fileId, uploadId],
      )) as Array<{ blob: string | null }>;
      if (current.length === 0) return undefined;
      const rows = (await manager.query(
        `UPDATE "files"."files" f SET "blob" = "upload_id", "upload_id" = NULL, "upload_claimed" = false, "size" = $3,
            "status" = CASE WHEN "index" THEN 'indexing_pending' ELSE 'upload_completed' END, "failed_status_reason" = NULL,
            "indexing_lease_until" = NULL, "indexing_attempts" = 0, "updated_at" = now()
          WHERE f."bot_id" = $1 AND f."id" = $2 RETURNING ${FILE_SELECT()}`,
        [botId, fileId, size],
      )) as unknown;
      const replaced = current[0].blob;
      if (replaced) await this.orphan(manager, [replaced]);
      return { file: fileFromRow(returnedRows(rows)[0]), replaced };
    });
  }

  async failUpload(botId: string, fileId: string, uploadId: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE "files"."files" SET "upload_claimed" = false, "status" = 'upload_failed', "failed_status_reason" = $4, "updated_at" = now()
        WHERE "bot_id" = $1 AND "id" = $2 AND "upload_id" = $3`,
      [botId, fileId, uploadId, reason],
    );
  }

  /** Deletes files (passages go with them); their blobs are left to the sweep. Answers the blobs. */
  async deleteWhere(manager: EntityManager, condition: string, params: unknown[]): Promise<string[]> {
    const rows = returnedRows(await manager.query(`DELETE FROM "files"."files" f WHERE ${condition} RETURNING f."blob", f."upload_id"`, params)) as Array<{
      blob: string | null;
      upload_id: string | null;
    }>;
    const blobs = rows.flatMap((r) => [r.blob, r.upload_id]).filter((b): b is string => b !== null);
    await this.orphan(manager, blobs);
    return blobs;
  }

  /** Blobs no file uses any more; the sweep removes them from the store. */
  async orphan(manager: EntityManager, blobs: string[]): Promise<void> {
    if (blobs.length > 0) await manager.query(`INSERT INTO "files"."orphan_blobs" ("name") SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [blobs]);
  }

  async orphans(limit: number): Promise<string[]> {
    const rows = (await this.db.query(`SELECT "name" FROM "files"."orphan_blobs" ORDER BY "since" LIMIT $1`, [limit])) as Array<{ name: string }>;
    return rows.map((r) => r.name);
  }

  async forgetOrphan(name: string): Promise<void> {
    await this.db.query(`DELETE FROM "files"."orphan_blobs" WHERE "name" = $1`, [name]);
  }

  /** Deletes up to `limit` files whose expiry passed; answers how many. */
  async deleteExpired(limit: number): Promise<number> {
    return this.db.transaction(async (manager) => {
      const blobs = await this.deleteWhere(
        manager,
        `(f."bot_id", f."id") IN (SELECT "bot_id", "id" FROM "files"."files" WHERE "expires_at" <= now() LIMIT $1)`,
        [limit],
      );
      return blobs.length;
    });
  }

  async tagNames(botId: string, offset: number, limit: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT k FROM "files"."files" f, jsonb_object_keys(f."tags") k WHERE f."bot_id" = $1 ORDER BY k LIMIT $2 OFFSET $3`,
      [botId, limit, offset],
    )) as Array<{ k: string }>;
    return rows.map((r) => r.k);
  }

  async tagValues(botId: string, tag: string, offset: number, limit: number): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT f."tags"->>$2 AS v FROM "files"."files" f WHERE f."bot_id" = $1 AND f."tags" ? $2 ORDER BY v LIMIT $3 OFFSET $4`,
      [botId, tag, limit, offset],
    )) as Array<{ v: string }>;
    return rows.map((r) => r.v);
  }

  /** Asks for the file's passages to be replaced by these, in the background. */
  async setPendingPassages(botId: string, id: string, passages: PassageInputRow[]): Promise<void> {
    await this.db.query(
      `UPDATE "files"."files" SET "pending_passages" = $3, "status" = 'indexing_pending', "failed_status_reason" = NULL,
          "indexing_lease_until" = NULL, "indexing_attempts" = 0, "updated_at" = now()
        WHERE "bot_id" = $1 AND "id" = $2`,
      [botId, id, JSON.stringify(passages)],
    );
  }

  /**
   * Takes the oldest file waiting for indexing that no living replica holds, leasing it for
   * `leaseMs` (renewed while the work goes on; a replica that dies lets the lease run out, and the
   * file is taken up again).
   */
  async claimIndexing(leaseMs: number): Promise<(FileRow & { attempts: number }) | undefined> {
    const rows = returnedRows(
      await this.db.query(
        `UPDATE "files"."files" f SET "indexing_lease_until" = now() + ($1 || ' milliseconds')::interval, "indexing_attempts" = f."indexing_attempts" + 1
          WHERE (f."bot_id", f."id") = (
            SELECT "bot_id", "id" FROM "files"."files"
             WHERE "status" = 'indexing_pending' AND ("indexing_lease_until" IS NULL OR "indexing_lease_until" < now())
             ORDER BY "updated_at" LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING ${FILE_SELECT()}, f."indexing_attempts" AS "attempts"`,
        [String(leaseMs)],
      ),
    );
    return rows[0] ? { ...fileFromRow(rows[0]), attempts: Number(rows[0].attempts) } : undefined;
  }

  async renewIndexingLease(botId: string, id: string, leaseMs: number): Promise<void> {
    await this.db.query(
      `UPDATE "files"."files" SET "indexing_lease_until" = now() + ($3 || ' milliseconds')::interval
        WHERE "bot_id" = $1 AND "id" = $2 AND "status" = 'indexing_pending'`,
      [botId, id, String(leaseMs)],
    );
  }

  /**
   * Runs `work` in a transaction holding the file, if what was claimed is still to be indexed
   * (same content, same passages asked for; metadata may have changed); answers false when the
   * file changed or went meanwhile, and nothing is written.
   */
  async whileUnchanged(file: FileRow, work: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const rows = (await manager.query(
        `SELECT 1 FROM "files"."files" WHERE "bot_id" = $1 AND "id" = $2 AND "status" = 'indexing_pending'
            AND "blob" IS NOT DISTINCT FROM $3 AND "pending_passages" IS NOT DISTINCT FROM $4::jsonb FOR UPDATE`,
        [file.botId, file.id, file.blob, file.pendingPassages === null ? null : JSON.stringify(file.pendingPassages)],
      )) as unknown[];
      if (rows.length === 0) return false;
      await work(manager);
      return true;
    });
  }

  /**
   * Indexing is put off for `delayMs` (its embeddings could not be had): the file stays pending,
   * leased to nobody until then, if it is still the one claimed.
   */
  async retryIndexingLater(file: FileRow, delayMs: number): Promise<void> {
    await this.db.query(
      `UPDATE "files"."files" SET "indexing_lease_until" = now() + ($5 || ' milliseconds')::interval
        WHERE "bot_id" = $1 AND "id" = $2 AND "status" = 'indexing_pending'
          AND "blob" IS NOT DISTINCT FROM $3 AND "pending_passages" IS NOT DISTINCT FROM $4::jsonb`,
      [file.botId, file.id, file.blob, file.pendingPassages === null ? null : JSON.stringify(file.pendingPassages), String(Math.round(delayMs))],
    );
  }

  /** Indexing ended: done, in this language (with embeddings of this model, if any), or failed for this reason. */
  async finishIndexing(
    manager: EntityManager,
    botId: string,
    id: string,
    outcome: { language: string; embeddingModel?: string } | { failure: string },
  ): Promise<void> {
    const failure = 'failure' in outcome ? outcome.failure : null;
    await manager.query(
      `UPDATE "files"."files" SET "status" = $3, "failed_status_reason" = $4, "indexed" = ($3 = 'indexing_completed'), "language" = $5::regconfig,
          "embedding_model" = $6, "pending_passages" = NULL, "indexing_lease_until" = NULL, "updated_at" = now()
        WHERE "bot_id" = $1 AND "id" = $2`,
      [
        botId,
        id,
        failure === null ? 'indexing_completed' : 'indexing_failed',
        failure,
        'language' in outcome ? outcome.language : null,
        'language' in outcome ? (outcome.embeddingModel ?? null) : null,
      ],
    );
  }
}
