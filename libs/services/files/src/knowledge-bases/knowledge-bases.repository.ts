import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FileTagFilter } from '@platform/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { returnedRows, tagFilterSql } from '../files/file-row';

export interface KnowledgeBaseRow {
  botId: string;
  id: string;
  name: string;
  tags: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

const SELECT = `"bot_id" AS "botId", "id", "name", "tags", "created_at" AS "createdAt", "updated_at" AS "updatedAt"`;

/** The only access to `files.knowledge_bases`. */
@Injectable()
export class KnowledgeBasesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(kb: KnowledgeBaseRow): Promise<void> {
    await this.db.query(`INSERT INTO "files"."knowledge_bases" ("bot_id", "id", "name", "tags", "created_at", "updated_at") VALUES ($1, $2, $3, $4, $5, $6)`, [
      kb.botId,
      kb.id,
      kb.name,
      JSON.stringify(kb.tags),
      kb.createdAt,
      kb.updatedAt,
    ]);
  }

  async find(botId: string, id: string): Promise<KnowledgeBaseRow | undefined> {
    const rows = (await this.db.query(`SELECT ${SELECT} FROM "files"."knowledge_bases" WHERE "bot_id" = $1 AND "id" = $2`, [botId, id])) as KnowledgeBaseRow[];
    return rows[0];
  }

  async update(botId: string, id: string, name: string, tags: Record<string, string>): Promise<KnowledgeBaseRow | undefined> {
    const rows = returnedRows(
      await this.db.query(
        `UPDATE "files"."knowledge_bases" SET "name" = $3, "tags" = $4, "updated_at" = now() WHERE "bot_id" = $1 AND "id" = $2 RETURNING ${SELECT}`,
        [botId, id, name, JSON.stringify(tags)],
      ),
    );
    return rows[0] as unknown as KnowledgeBaseRow | undefined;
  }

  async delete(manager: EntityManager, botId: string, id: string): Promise<boolean> {
    const rows = returnedRows(await manager.query(`DELETE FROM "files"."knowledge_bases" WHERE "bot_id" = $1 AND "id" = $2 RETURNING 1`, [botId, id]));
    return rows.length > 0;
  }

  async list(botId: string, tags: FileTagFilter | undefined, offset: number, limit: number): Promise<KnowledgeBaseRow[]> {
    const params: unknown[] = [botId];
    const filter = tagFilterSql('"tags"', tags, 2);
    params.push(...filter.params, limit, offset);
    return (await this.db.query(
      `SELECT ${SELECT} FROM "files"."knowledge_bases" WHERE "bot_id" = $1 ${filter.sql.map((c) => `AND ${c}`).join(' ')}
        ORDER BY "created_at", "id" LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    )) as KnowledgeBaseRow[];
  }
}
