import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Errors } from '@platform/contracts';
import { isUniqueViolation } from '@platform/persistence';
import { DataSource, EntityManager } from 'typeorm';
import { columnLiteral } from '../rows/filter';
import { columnsOf, TableSchema } from '../common/table-schema';
import { searchTextSql } from '../rows/search';
import { returned } from '../common/returned';
import { TableRecord, TableRow, toRecord } from './table-record';

/** The unique index of a table's key column: one partial index per table, on the column's JSON value. */
const keyIndexName = (tableId: string) => `rows_key_${tableId.toLowerCase()}`;
/** Table ids are made here (`table_` and a ULID): checked again before one is written into DDL. */
const SAFE_ID = /^table_[0-9A-Z]{26}$/;

export interface NewTable {
  id: string;
  botId: string;
  name: string;
  factor: number;
  frozen: boolean;
  keyColumn: string | null;
  schema: TableSchema;
  tags: Record<string, string>;
}

@Injectable()
export class TablesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async find(botId: string, nameOrId: string, manager: EntityManager = this.dataSource.manager, lock = false): Promise<TableRecord | null> {
    const rows = (await manager.query(
      `SELECT * FROM "tables"."tables" WHERE "bot_id" = $1 AND ("id" = $2 OR "name" = $2) ORDER BY ("id" = $2) DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
      [botId, nameOrId],
    )) as TableRow[];
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async list(botId: string, tags: Record<string, string> | undefined, limit: number): Promise<TableRecord[]> {
    const rows = (await this.dataSource.query(
      `SELECT * FROM "tables"."tables" WHERE "bot_id" = $1 AND "tags" @> $2::jsonb ORDER BY "created_at", "id" LIMIT $3`,
      [botId, JSON.stringify(tags ?? {}), limit],
    )) as TableRow[];
    return rows.map(toRecord);
  }

  async countOfBot(botId: string, manager: EntityManager): Promise<number> {
    const [row] = (await manager.query(`SELECT count(*)::int AS n FROM "tables"."tables" WHERE "bot_id" = $1`, [botId])) as Array<{ n: number }>;
    return row.n;
  }

  async rowCount(tableId: string): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM "tables"."rows" WHERE "table_id" = $1`, [tableId])) as Array<{ n: number }>;
    return row.n;
  }

  /** Inserts a table; a taken name is a 409. */
  async insert(table: NewTable, manager: EntityManager, nextRowId = 1): Promise<TableRecord> {
    try {
      const now = new Date();
      const rows = (await manager.query(
        `INSERT INTO "tables"."tables" ("id", "bot_id", "name", "factor", "frozen", "key_column", "schema", "tags", "next_row_id", "created_at", "updated_at")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING *`,
        [
          table.id,
          table.botId,
          table.name,
          table.factor,
          table.frozen,
          table.keyColumn,
          JSON.stringify(table.schema),
          JSON.stringify(table.tags),
          nextRowId,
          now,
        ],
      )) as TableRow[];
      return toRecord(rows[0]);
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.alreadyExists('Table', table.name);
      throw error;
    }
  }

  async update(table: TableRecord, manager: EntityManager): Promise<TableRecord> {
    try {
      const rows = returned<TableRow>(
        await manager.query(
          `UPDATE "tables"."tables" SET "name" = $2, "factor" = $3, "frozen" = $4, "key_column" = $5, "schema" = $6, "tags" = $7,
         "revision" = "revision" + 1, "updated_at" = now() WHERE "id" = $1 RETURNING *`,
          [table.id, table.name, table.factor, table.frozen, table.keyColumn, JSON.stringify(table.schema), JSON.stringify(table.tags)],
        ),
      );
      return toRecord(rows[0]);
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.alreadyExists('Table', table.name);
      throw error;
    }
  }

  async delete(table: TableRecord, manager: EntityManager): Promise<void> {
    await this.dropKeyIndex(table.id, manager);
    await manager.query(`DELETE FROM "tables"."tables" WHERE "id" = $1`, [table.id]);
  }

  /** Deletes every table of a bot with its rows and jobs; answers how many tables went. */
  async purgeBot(botId: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const ids = (await manager.query(`SELECT "id" FROM "tables"."tables" WHERE "bot_id" = $1 FOR UPDATE`, [botId])) as Array<{ id: string }>;
      for (const { id } of ids) await this.dropKeyIndex(id, manager);
      await manager.query(`DELETE FROM "tables"."tables" WHERE "bot_id" = $1`, [botId]);
      return ids.length;
    });
  }

  /** Creates the unique index of the key column; duplicate values already there are a 400. */
  async createKeyIndex(tableId: string, column: string, manager: EntityManager): Promise<void> {
    if (!SAFE_ID.test(tableId)) throw new Error(`Unexpected table id ${tableId}`);
    try {
      await manager.query(
        `CREATE UNIQUE INDEX "${keyIndexName(tableId)}" ON "tables"."rows" (("data" -> ${columnLiteral(column)})) WHERE "table_id" = '${tableId}'`,
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.invalidPayload(`Column '${column}' cannot be the key column: some of its values are not unique`);
      throw error;
    }
  }

  async dropKeyIndex(tableId: string, manager: EntityManager): Promise<void> {
    if (!SAFE_ID.test(tableId)) throw new Error(`Unexpected table id ${tableId}`);
    await manager.query(`DROP INDEX IF EXISTS "tables"."${keyIndexName(tableId)}"`);
  }

  /** Copies every row of one table into another, keeping ids and times. */
  async copyRows(from: string, to: string, manager: EntityManager): Promise<number> {
    await manager.query(
      `INSERT INTO "tables"."rows" ("table_id", "id", "data", "search_text", "created_at", "updated_at")
       SELECT $2, "id", "data", "search_text", "created_at", "updated_at" FROM "tables"."rows" WHERE "table_id" = $1`,
      [from, to],
    );
    const [row] = (await manager.query(`SELECT count(*)::int AS n FROM "tables"."rows" WHERE "table_id" = $1`, [to])) as Array<{ n: number }>;
    return row.n;
  }

  async nextRowId(tableId: string, manager: EntityManager): Promise<number> {
    const [row] = (await manager.query(`SELECT "next_row_id" FROM "tables"."tables" WHERE "id" = $1`, [tableId])) as Array<{ next_row_id: number }>;
    return row.next_row_id;
  }

  /** Removes columns' values from every row. */
  async removeColumns(tableId: string, columns: string[], manager: EntityManager): Promise<void> {
    if (columns.length === 0) return;
    await manager.query(`UPDATE "tables"."rows" SET "data" = "data" - $2::text[] WHERE "table_id" = $1 AND "data" ?| $2::text[]`, [tableId, columns]);
  }

  /** Moves a column's values under a new name. */
  async renameColumn(tableId: string, from: string, to: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE "tables"."rows" SET "data" = ("data" - $2::text) || jsonb_build_object($3::text, "data" -> $2::text) WHERE "table_id" = $1 AND "data" ? $2::text`,
      [tableId, from, to],
    );
  }

  /** How many rows hold a value of another JSON type than `jsonType` in the column. */
  async countOtherTypes(tableId: string, column: string, jsonType: string, manager: EntityManager): Promise<number> {
    const [row] = (await manager.query(
      `SELECT count(*)::int AS n FROM "tables"."rows" WHERE "table_id" = $1 AND "data" ? $2::text AND jsonb_typeof("data" -> $2::text) <> $3`,
      [tableId, column, jsonType],
    )) as Array<{ n: number }>;
    return row.n;
  }

  /** Recomputes every row's search text after the searchable columns changed. */
  async reindexSearch(tableId: string, schema: TableSchema, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE "tables"."rows" SET "search_text" = ${searchTextSql(columnsOf(schema), '"data"')} WHERE "table_id" = $1`, [tableId]);
  }
}
