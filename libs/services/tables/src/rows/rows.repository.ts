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
  /** Set when searching by full text: the rank of a row (its match is in `where`). */
  similarity?: string;
  /** Set when searching by word similarity (pg_trgm): the term's parameter and the least similarity of a row found. */
  words?: { term: string; least: number };
}

/** A table definition a replica remembers, to be checked by the statement that reads rows on it. */
export interface DefinitionCheck {
  botId: string;
  /** The table's name or id as the caller gave it. */
  nameOrId: string;
  revision: number;
}

/**
 * Up to how many rows a table has ever held (ids handed out) its word-similarity search reads
 * every row of it, each row's similarity computed once. Above, the search filters with the
 * trigram index's operator (`<%`), which computes the similarity again for the order: on 200
 * short rows that took 1.1-1.3 ms to run against 0.8, while on 100,000 rows a term found in few
 * of them took 6 ms through the index against 925 ms read row by row.
 */
const ROWS_SEARCHED_BY_READING = 500;

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

  /** A row by id (null when there is none); undefined when the definition `as` is no longer current (`checked`). */
  async get(tableId: string, id: number, as?: DefinitionCheck): Promise<StoredRow | null | undefined> {
    const params = new SqlParams([tableId, id]);
    const rows = await this.read<StoredRow>(
      `SELECT "r"."id", "r"."data", "r"."created_at", "r"."updated_at" FROM "tables"."rows" AS "r" WHERE "r"."table_id" = $1 AND "r"."id" = $2`,
      params,
      as,
    );
    return rows === undefined ? undefined : (rows[0] ?? null);
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
   * One page of rows (one more than the limit, to tell whether more follow), in one statement.
   * Undefined when the definition `as` the page was made on is no longer current (`checked`).
   */
  async find(tableId: string, query: RowQuery, as?: DefinitionCheck): Promise<StoredRow[] | undefined> {
    const { params } = query;
    const columns = `"r"."id", "r"."data", "r"."created_at", "r"."updated_at"`;
    const rows = query.words
      ? `(${wordSearchSql(columns, query.where, query.words, params)}) AS "r"`
      : `"tables"."rows" AS "r" WHERE "r"."table_id" = $1 AND ${query.where}`;
    const similarity = query.similarity ? `, ${query.similarity} AS "similarity"` : query.words ? `, "r"."similarity"` : '';
    const page = `SELECT ${columns}${similarity} FROM ${rows}
       ORDER BY ${query.orderBy} LIMIT ${params.add(query.limit + 1)} OFFSET ${params.add(query.offset)}`;
    return this.guarded(() => this.read<StoredRow>(page, params, as));
  }

  /** Groups of rows with their aggregates; undefined when the definition `as` they were asked on is no longer current (`checked`). */
  async group(sql: string, params: SqlParams, as?: DefinitionCheck): Promise<Array<Record<string, unknown>> | undefined> {
    return this.guarded(() => this.read<Record<string, unknown>>(sql, params, as));
  }

  /** What `text` reads: checked against the definition `as` when one is given. */
  private async read<T>(text: string, params: SqlParams, as?: DefinitionCheck): Promise<T[] | undefined> {
    return as ? this.checked<T>(text, params, as) : ((await this.dataSource.query(text, params.values)) as T[]);
  }

  /**
   * What `read` reads (its table's id its first parameter), in the same statement as a check that
   * the definition `as` is still current: the table still there, still the bot's, at that
   * revision, and so still named as it was (a rename is a new revision, no other table of the bot
   * can have that name, and no name is ever an id). Otherwise nothing is read, and the answer is
   * undefined.
   */
  private async checked<T>(read: string, params: SqlParams, as: DefinitionCheck): Promise<T[] | undefined> {
    const [botId, nameOrId, revision] = [params.add(as.botId), params.add(as.nameOrId), params.add(as.revision)];
    // Materialised, the check runs once (a subquery would be pulled up and run twice). Outside the
    // read's scope, the check gates it as a one-time filter: the read does not run when it fails.
    // The lines keep their order through the join by their position.
    const text = `WITH "c" AS MATERIALIZED (SELECT EXISTS (SELECT 1 FROM "tables"."tables" AS "t" WHERE "t"."id" = $1 AND "t"."bot_id" = ${botId}
         AND "t"."revision" = ${revision} AND ("t"."id" = ${nameOrId} OR "t"."name" = ${nameOrId})) AS "current")
       SELECT "c"."current", "p".* FROM "c"
       LEFT JOIN LATERAL (SELECT "read".*, row_number() OVER () AS "position" FROM (${read}) AS "read" WHERE "c"."current") AS "p" ON true
       ORDER BY "p"."position"`;
    const lines = (await this.dataSource.query(text, params.values)) as Array<T & { current: boolean; position: string | null }>;
    // One line when nothing was read (its read columns null), whether for want of lines or because the definition changed.
    if (!lines[0].current) return undefined;
    return lines.filter((line) => line.position !== null);
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

/**
 * The rows of table $1 matching `where` whose word similarity to the term is at least `least`,
 * with it (as "similarity"). The statement decides how to find them by the table's size
 * (`ROWS_SEARCHED_BY_READING`): by reading every row, or through the trigram index. Both find
 * the same rows: `<%` compares the similarity (a real) with the threshold (a double precision),
 * as the first way does.
 */
function wordSearchSql(columns: string, where: string, words: { term: string; least: number }, params: SqlParams): string {
  const similarity = `public.word_similarity(${words.term}, "r"."search_text")`;
  const least = params.add(words.least);
  const read = `(SELECT "t"."next_row_id" <= ${ROWS_SEARCHED_BY_READING + 1} FROM "tables"."tables" AS "t" WHERE "t"."id" = $1)`;
  // Each branch runs or not as a whole: its condition on the size is computed once, before it.
  // OFFSET 0 keeps the similarity computed once per row, below the filter that reads it.
  return `SELECT * FROM (SELECT ${columns}, ${similarity} AS "similarity" FROM "tables"."rows" AS "r"
                          WHERE ${read} AND "r"."table_id" = $1 AND ${where} OFFSET 0) AS "r"
           WHERE "r"."similarity" >= ${least}::float8
         UNION ALL
         SELECT ${columns}, ${similarity} FROM "tables"."rows" AS "r"
          WHERE NOT ${read} AND ${settingForStatement('pg_trgm.word_similarity_threshold', params.add(String(words.least)))}
                AND "r"."table_id" = $1 AND ${where} AND ${words.term} OPERATOR(public.<%) "r"."search_text"`;
}
