import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Errors } from '@platform/contracts';
import { isUniqueViolation, settingForStatement } from '@platform/persistence';
import { DataSource, EntityManager } from 'typeorm';
import { returned } from '../common/returned';
import { Column } from '../common/table-schema';
import { columnLiteral } from './filter';
import { searchTextSql } from './search';
import { SqlParams } from './sql-params';

/** A row as stored. */
export interface StoredRow {
  id: number;
  data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  similarity?: number | string;
}

export interface RowChange {
  id: number;
  data: Record<string, unknown>;
  cleared: string[];
}

/** The SQL of one page of rows, made by the rows service from a request. */
export interface RowQuery {
  where: string;
  orderBy: string;
  params: SqlParams;
  limit: number;
  offset: number;
  /** Set when searching: the similarity expression and the minimum word similarity. */
  similarity?: string;
  threshold?: number;
}

/** Postgres refused a regular expression (SQLSTATE 2201B): the client's error, not ours. */
const isInvalidRegex = (error: unknown) => (error as { code?: string } | null)?.code === '2201B';

@Injectable()
export class RowsRepository {
  private trigrams?: Promise<boolean>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Whether trigram similarity (pg_trgm) is installed; full-text search is used otherwise. */
  hasTrigrams(): Promise<boolean> {
    this.trigrams ??= this.dataSource
      .query(`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`)
      .then((rows: Array<{ n: number }>) => rows[0].n > 0)
      .catch((error) => {
        this.trigrams = undefined;
        throw error;
      });
    return this.trigrams;
  }

  async get(tableId: string, id: number): Promise<StoredRow | null> {
    const rows = (await this.dataSource.query(`SELECT "id", "data", "created_at", "updated_at" FROM "tables"."rows" WHERE "table_id" = $1 AND "id" = $2`, [
      tableId,
      id,
    ])) as StoredRow[];
    return rows[0] ?? null;
  }

  /** Locks the table against other writers until the transaction ends (writes of one table are serialised). */
  async lockTable(tableId: string, manager: EntityManager): Promise<void> {
    await manager.query(`SELECT 1 FROM "tables"."tables" WHERE "id" = $1 FOR UPDATE`, [tableId]);
  }

  /** Inserts rows with the next ids of the table; answers them unless `answer` is false (imports need no answer). */
  async insert(tableId: string, rows: Array<Record<string, unknown>>, columns: Column[], manager: EntityManager, answer = true): Promise<StoredRow[]> {
    if (rows.length === 0) return [];
    try {
      const inserted = (await manager.query(
        `WITH "base" AS (
           UPDATE "tables"."tables" SET "next_row_id" = "next_row_id" + $3 WHERE "id" = $1 RETURNING "next_row_id" - $3 AS "first")
         INSERT INTO "tables"."rows" ("table_id", "id", "data", "search_text", "created_at", "updated_at")
         SELECT $1, "base"."first" + "e"."ord" - 1, "e"."d", ${searchTextSql(columns, '"e"."d"')}, now(), now()
         FROM "base", jsonb_array_elements($2::jsonb) WITH ORDINALITY AS "e"("d", "ord")
         ${answer ? 'RETURNING "id", "data", "created_at", "updated_at"' : ''}`,
        [tableId, JSON.stringify(rows), rows.length],
      )) as StoredRow[];
      return answer ? inserted.sort((a, b) => a.id - b.id) : [];
    } catch (error) {
      throw keyViolation(error);
    }
  }

  /** Merges each change into its row; answers the rows updated (missing ids are left out). */
  async update(tableId: string, changes: RowChange[], columns: Column[], manager: EntityManager): Promise<StoredRow[]> {
    if (changes.length === 0) return [];
    const next = `(("r"."data" || "u"."data") - "u"."cleared")`;
    try {
      const updated = (await manager.query(
        `UPDATE "tables"."rows" AS "r" SET "data" = ${next}, "search_text" = ${searchTextSql(columns, next)}, "updated_at" = now()
         FROM (SELECT ("c" ->> 'id')::int AS "id", "c" -> 'data' AS "data", ARRAY(SELECT jsonb_array_elements_text("c" -> 'cleared')) AS "cleared"
               FROM jsonb_array_elements($2::jsonb) AS "c") AS "u"
         WHERE "r"."table_id" = $1 AND "r"."id" = "u"."id"
         RETURNING "r"."id", "r"."data", "r"."created_at", "r"."updated_at"`,
        [tableId, JSON.stringify(changes)],
      )) as unknown;
      const rows = returned<StoredRow>(updated);
      return rows.sort((a, b) => a.id - b.id);
    } catch (error) {
      throw keyViolation(error);
    }
  }

  /** Ids among `ids` that are rows of the table. */
  async existingIds(tableId: string, ids: number[], manager: EntityManager): Promise<Set<number>> {
    const rows = (await manager.query(`SELECT "id" FROM "tables"."rows" WHERE "table_id" = $1 AND "id" = ANY($2::int[])`, [tableId, ids])) as Array<{
      id: number;
    }>;
    return new Set(rows.map((r) => r.id));
  }

  /** Rows whose key column holds one of `values` (JSON texts), as value → id. */
  async idsByKey(tableId: string, column: string, values: unknown[], manager: EntityManager): Promise<Map<string, number>> {
    const rows = (await manager.query(
      `SELECT "id", "data" -> ${columnLiteral(column)} AS "key" FROM "tables"."rows" WHERE "table_id" = $1 AND "data" -> ${columnLiteral(column)} = ANY($2::jsonb[])`,
      [tableId, values.map((v) => JSON.stringify(v))],
    )) as Array<{ id: number; key: unknown }>;
    return new Map(rows.map((r) => [JSON.stringify(r.key), r.id]));
  }

  /** Deletes the rows matching `where`, whose parameters begin with the table's id as $1. */
  async delete(where: string, params: SqlParams, manager?: EntityManager): Promise<number> {
    return this.guarded(async () => {
      const runner = manager ?? this.dataSource.manager;
      const result = (await runner.query(
        `WITH "gone" AS (DELETE FROM "tables"."rows" AS "r" WHERE "r"."table_id" = $1 AND ${where} RETURNING 1) SELECT count(*)::int AS n FROM "gone"`,
        params.values,
      )) as Array<{ n: number }>;
      return result[0].n;
    });
  }

  /**
   * One page of rows (one more than the limit, to tell whether more follow), in one statement; a
   * similarity search sets its threshold for that statement alone. Given the definition `as` the
   * page was made on, the same statement checks that `as.nameOrId` still leads to that table at
   * that revision, and reads no row otherwise: the answer is then undefined.
   */
  async find(tableId: string, query: RowQuery, as?: { botId: string; nameOrId: string; revision: number }): Promise<StoredRow[] | undefined> {
    const { params } = query;
    const threshold =
      query.threshold === undefined ? '' : `${settingForStatement('pg_trgm.word_similarity_threshold', params.add(String(query.threshold)))} AND `;
    // Outside any row's scope, the check is a one-time filter: a stale definition reads nothing.
    const current = as ? '"c"."current" AND ' : '';
    const limit = params.add(query.limit + 1);
    const offset = params.add(query.offset);
    const page = `SELECT "r"."id", "r"."data", "r"."created_at", "r"."updated_at"${query.similarity ? `, ${query.similarity} AS "similarity"` : ''}
       FROM "tables"."rows" AS "r" WHERE ${current}${threshold}"r"."table_id" = $1 AND ${query.where}
       ORDER BY ${query.orderBy} LIMIT ${limit} OFFSET ${offset}`;
    if (!as) return this.guarded(() => this.dataSource.query(page, params.values) as Promise<StoredRow[]>);
    // Still there, still the bot's and at that revision, it still has the name it had (a rename
    // is a new revision), which no other table of the bot can have; no name is ever an id.
    const [botId, nameOrId, revision] = [params.add(as.botId), params.add(as.nameOrId), params.add(as.revision)];
    // Materialised, the check runs once (a subquery would be pulled up and run twice).
    const text = `WITH "c" AS MATERIALIZED (SELECT EXISTS (SELECT 1 FROM "tables"."tables" AS "t" WHERE "t"."id" = $1 AND "t"."bot_id" = ${botId}
         AND "t"."revision" = ${revision} AND ("t"."id" = ${nameOrId} OR "t"."name" = ${nameOrId})) AS "current")
       SELECT "c"."current", "p".* FROM "c" LEFT JOIN LATERAL (SELECT "page".*, row_number() OVER () AS "position" FROM (${page}) AS "page") AS "p" ON true
       ORDER BY "p"."position"`;
    const rows = (await this.guarded(() => this.dataSource.query(text, params.values))) as Array<StoredRow & { current: boolean; id: number | null }>;
    // One line when the page is empty (its row columns null), or when the definition is stale.
    if (!rows[0].current) return undefined;
    return rows.filter((row) => row.id !== null);
  }

  /** Groups of rows with their aggregates. */
  async group(sql: string, params: SqlParams): Promise<Array<Record<string, unknown>>> {
    return this.guarded(() => this.dataSource.query(sql, params.values) as Promise<Array<Record<string, unknown>>>);
  }

  /** Streams the rows of a table in id order, a page at a time, for exports. */
  async *stream(tableId: string, pageSize: number): AsyncGenerator<StoredRow[]> {
    let after = 0;
    for (;;) {
      const rows = (await this.dataSource.query(
        `SELECT "id", "data", "created_at", "updated_at" FROM "tables"."rows" WHERE "table_id" = $1 AND "id" > $2 ORDER BY "id" LIMIT $3`,
        [tableId, after, pageSize],
      )) as StoredRow[];
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].id;
      if (rows.length < pageSize) return;
    }
  }

  /** A client's regular expression that Postgres cannot compile is a 400. */
  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isInvalidRegex(error)) throw Errors.invalidPayload(`Invalid regular expression in the filter: ${(error as Error).message}`);
      throw error;
    }
  }
}

function keyViolation(error: unknown): unknown {
  if (isUniqueViolation(error)) return Errors.invalidPayload('A row with the same key column value already exists (the key column holds unique values)');
  return error;
}
