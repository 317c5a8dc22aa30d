import { LRUCache } from 'lru-cache';
import { Pool } from 'pg';
import { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { isDatabaseUnavailable } from './database-availability';
import { GatheredReads } from './gathered-reads';
import { RequestTransactions } from './request-transactions';

/** A SQL statement and its parameters, numbered from `$1`. */
export interface Statement {
  text: string;
  values: unknown[];
}

/** Texts of `oneStatement`, by the texts of their parts: the same writes make the same statement. */
const combined = new LRUCache<string, string>({ max: 1000 });

/**
 * An INSERT of whole entities, built from their mapping (table, column names, how each value is
 * stored) without TypeORM's query builder: on the hot write paths, building the same SQL text
 * again for every row cost more than running it. Every column of the entity is written.
 */
export function insertStatement<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, rows: T[], suffix = ''): Statement {
  const driver = manager.connection.driver;
  const { into, columns, oneRow } = insertShape(manager, target);
  const values: unknown[] = [];
  if (rows.length === 1) {
    for (const column of columns) values.push(driver.preparePersistentValue(column.getEntityValue(rows[0]), column));
    return { text: suffix ? `${oneRow} ${suffix}` : oneRow, values };
  }
  const tuples = rows.map((row) => {
    const placeholders = columns.map((column) => {
      values.push(driver.preparePersistentValue(column.getEntityValue(row), column));
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  return { text: `${into} VALUES ${tuples.join(', ')}${suffix ? ` ${suffix}` : ''}`, values };
}

/** Columns of an entity given as SQL: a string is the value itself; a function is given the placeholder of the entity's value to build on. */
export type ComputedColumns<T> = Partial<Record<keyof T & string, string | ((value: string) => string)>>;

/**
 * The same INSERT of one entity, made by a query: one row for each row of `from` (SQL naming the
 * rows, e.g. an earlier part of `oneStatement`), none when it has none. Columns named in
 * `computed` take SQL over those rows instead of the entity's value.
 */
export function insertFromStatement<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  row: T,
  from: string,
  computed: ComputedColumns<T> = {},
): Statement {
  const driver = manager.connection.driver;
  const { into, columns } = insertShape(manager, target);
  const values: unknown[] = [];
  const expressions = columns.map((column) => {
    const sql = computed[column.propertyName as keyof T & string];
    if (typeof sql === 'string') return sql;
    values.push(driver.preparePersistentValue(column.getEntityValue(row), column));
    return sql ? sql(`$${values.length}`) : `$${values.length}`;
  });
  return { text: `${into} SELECT ${expressions.join(', ')} FROM ${from}`, values };
}

/**
 * The same as `insertStatement`, replacing the row already under the conflict key (property
 * names): every other column takes the new value.
 */
export function upsertStatement<T extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<T>,
  rows: T[],
  conflict: (keyof T & string)[],
): Statement {
  const metadata = manager.connection.getMetadata(target);
  const driver = manager.connection.driver;
  const keyColumns = conflict.map((property) => metadata.findColumnWithPropertyName(property)!.databaseName);
  const updated = metadata.columns.filter((c) => !c.isVirtual && c.isInsert && !keyColumns.includes(c.databaseName)).map((c) => driver.escape(c.databaseName));
  return insertStatement(
    manager,
    target,
    rows,
    `ON CONFLICT (${keyColumns.map((c) => driver.escape(c)).join(', ')}) DO UPDATE SET ${updated.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
  );
}

/** How a statement commits. */
export interface CommitOptions {
  /**
   * false: its transaction commits without waiting for the write-ahead log to reach the disk
   * (`synchronous_commit` off for that transaction alone; the WAL writer flushes it a moment
   * later). The commit then costs no disk flush, which on a busy database is most of a small
   * write's cost, but a crash of the database or its machine in that moment loses it. The log
   * stays in order, so a later commit that waited takes the earlier ones with it. Only for writes
   * whose loss repeats work that may be repeated.
   */
  synchronousCommit?: boolean;
}

/**
 * Several writes as one statement (data-modifying `WITH` parts), so they commit together without a
 * transaction of their own and cost one round trip instead of one per write plus BEGIN and COMMIT.
 * The parts see the same snapshot, not each other's changes to tables (constraints between them,
 * such as foreign keys, are checked at the end as usual); a part may read the rows an earlier
 * part returns, as `w0`, `w1`, … (a write made only for each row of another). Their texts
 * hold no `$` other than their placeholders, renumbered here. With `answer`, the statement ends
 * with that query (which sees the same snapshot, from before the writes, and the rows the parts
 * return as `w0`, `w1`, …) and gives its rows.
 */
export function oneStatement(parts: Statement[], answer?: Statement, options: CommitOptions = {}): Statement {
  const waits = options.synchronousCommit !== false;
  if (parts.length === 1 && !answer && waits) return parts[0];
  const all = answer ? [...parts, answer] : parts;
  const key = all.map((part) => part.text).join('\u0000') + (answer ? '\u0001' : '') + (waits ? '' : '\u0002');
  let text = combined.get(key);
  if (text === undefined) {
    let offset = 0;
    const renumbered = (part: Statement) => {
      const shift = offset;
      offset += part.values.length;
      return part.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
    };
    const ctes = parts.map((part, i) => `w${i} AS (${renumbered(part)})`);
    const final = answer ? renumbered(answer) : 'SELECT 1';
    text = `WITH ${ctes.join(', ')} ${waits ? final : `SELECT * FROM (${final}) answer WHERE ${settingForStatement('synchronous_commit', `'off'`)}`}`;
    combined.set(key, text);
  }
  return { text, values: all.flatMap((part) => part.values) };
}

/**
 * A condition that sets a configuration parameter (`value` is SQL: a literal or a placeholder)
 * for the statement it is a condition of, and holds: an uncorrelated subquery in a condition on
 * no column is a one-time filter, evaluated before the statement reads any row, and a local
 * setting lasts until the statement's own commit. A setting for one statement, without a
 * transaction (and its BEGIN, SET and COMMIT round trips) around it.
 */
export function settingForStatement(name: string, value: string): string {
  return `(SELECT set_config('${name}', ${value}, true)) IS NOT NULL`;
}

/** Runs a statement on the manager (its transaction, if it is a transaction's). */
export async function runStatement(manager: EntityManager, statement: Statement): Promise<void> {
  await queryRows(manager, statement.text, statement.values);
}

/**
 * The rows of a statement run on the manager: in its transaction if it is a transaction's or a
 * request transaction is open, otherwise on a connection taken from the pool for this statement
 * alone, without TypeORM's query runner, whose bookkeeping around each statement (a runner object,
 * a listener on the connection, its subscribers' hooks awaited before and after) cost a fifth of
 * the statement's whole CPU on the client (6-13 µs of 40-50, measured on a short read). Unlike
 * `manager.query`, an UPDATE or DELETE gives its rows (RETURNING) alone, not with its count.
 */
export async function queryRows(manager: EntityManager, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  if (manager.queryRunner || RequestTransactions.isOpen()) {
    // A transaction's statement runs on its connection: the manager's, or the request's (`manager.query` finds it).
    const answer = (await manager.query(text, values)) as Record<string, unknown>[] | [Record<string, unknown>[], number];
    // TypeORM answers an UPDATE or DELETE with [rows, count]; a row itself is never an array.
    return (Array.isArray(answer[0]) ? answer[0] : answer) as Record<string, unknown>[];
  }
  const client = await ((manager.connection.driver as PostgresDriver).master as Pool).connect();
  // A connection lost while it is out of the pool emits an error, which would end the process if
  // nothing listened. A connection lost, or closing (its statement failed for want of the
  // database), is dropped, not given back for the next statement to fail on.
  let lost: unknown;
  const onError = (error: Error) => (lost = error);
  client.on('error', onError);
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } catch (error) {
    if (isDatabaseUnavailable(error)) lost ??= error;
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(lost as Error | undefined);
  }
}

interface EntityShape {
  table: string;
  columns: EntityMetadata['columns'];
  /** `alias."column" AS "column"`, for each column, by alias. */
  selects: Map<string, string>;
  /** The statements of `findByKey`, by the key's properties: its own text, and its reads gathered per turn. */
  finds: Map<string, { text: string; gathered?: GatheredReads }>;
  /** What an INSERT writes (`insertStatement`, `insertFromStatement`): `INSERT INTO table (columns)`, the columns written, the text for one row. */
  insert?: { into: string; columns: EntityMetadata['columns']; oneRow: string };
}
const shapes = new WeakMap<EntityMetadata, EntityShape>();

function shapeOf(manager: EntityManager, target: EntityTarget<ObjectLiteral>): EntityShape {
  const metadata = manager.connection.getMetadata(target);
  let shape = shapes.get(metadata);
  if (!shape) {
    const driver = manager.connection.driver;
    shape = {
      table: metadata.tablePath
        .split('.')
        .map((part) => driver.escape(part))
        .join('.'),
      columns: metadata.columns.filter((column) => !column.isVirtual),
      selects: new Map(),
      finds: new Map(),
    };
    shapes.set(metadata, shape);
  }
  return shape;
}

/** A timestamp as JSON carries it (`Date.prototype.toISOString`: UTC, milliseconds), in SQL. */
export function isoTimeSql(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The INSERT of every column of the entity, made once per entity. */
function insertShape(manager: EntityManager, target: EntityTarget<ObjectLiteral>): NonNullable<EntityShape['insert']> {
  const shape = shapeOf(manager, target);
  if (!shape.insert) {
    const columns = shape.columns.filter((column) => column.isInsert);
    const into = `INSERT INTO ${shape.table} (${columns.map((c) => manager.connection.driver.escape(c.databaseName)).join(', ')})`;
    shape.insert = { into, columns, oneRow: `${into} VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})` };
  }
  return shape.insert;
}

/** The entity's table, quoted, for statements written by hand. */
export function tableOf(manager: EntityManager, target: EntityTarget<ObjectLiteral>): string {
  return shapeOf(manager, target).table;
}

/**
 * Every column of the entity as a select list (`alias."col" AS "col", …`), for `toEntity` to read
 * back; with a prefix (`AS "prefixcol"`) when the entities of several tables share one row.
 */
export function columnsOf(manager: EntityManager, target: EntityTarget<ObjectLiteral>, alias: string, prefix = ''): string {
  const shape = shapeOf(manager, target);
  let list = shape.selects.get(`${alias}\u0000${prefix}`);
  if (!list) {
    const driver = manager.connection.driver;
    list = shape.columns.map((c) => `${driver.escape(alias)}.${driver.escape(c.databaseName)} AS ${driver.escape(prefix + c.databaseName)}`).join(', ');
    shape.selects.set(`${alias}\u0000${prefix}`, list);
  }
  return list;
}

/** The entity a row selected with `columnsOf` (and the same prefix) holds, its values read as TypeORM reads them. */
export function toEntity<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, row: Record<string, unknown>, prefix = ''): T {
  const driver = manager.connection.driver;
  const entity = manager.connection.getMetadata(target).create() as T;
  for (const column of shapeOf(manager, target).columns) {
    column.setEntityValue(entity, driver.prepareHydratedValue(row[prefix + column.databaseName], column));
  }
  return entity;
}

/**
 * Types of key columns whose reads `findByKey` gathers: their arrays are cast by the name
 * TypeORM gives the type (an enum's array type would need the enum's own name).
 */
const GATHERED_KEY_TYPES = new Set(['text', 'character varying', 'uuid', 'integer', 'bigint', 'smallint']);

/**
 * The entity with these values of its key columns (property names), or null: one statement
 * whose text is built once, for the reads on every request's path. Outside a transaction, the
 * reads of one entity by the same key columns in one event-loop turn go in one statement
 * (`GatheredReads`), where the key's types allow (`GATHERED_KEY_TYPES`).
 */
export async function findByKey<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, key: Partial<T>): Promise<T | null> {
  const shape = shapeOf(manager, target);
  const properties = Object.keys(key);
  const values = Object.values(key);
  let find = shape.finds.get(properties.join());
  if (!find) {
    const metadata = manager.connection.getMetadata(target);
    const driver = manager.connection.driver;
    const columns = properties.map((property) => metadata.findColumnWithPropertyName(property)!);
    const where = (value: (column: ColumnMetadata, i: number) => string) =>
      columns.map((column, i) => `e.${driver.escape(column.databaseName)} = ${value(column, i)}`).join(' AND ');
    const select = `SELECT ${columnsOf(manager, target, 'e')} FROM ${shape.table} e`;
    const types = columns.map((column) => driver.normalizeType(column));
    find = {
      text: `${select} WHERE ${where((_, i) => `$${i + 1}`)} LIMIT 1`,
      gathered: types.every((type) => GATHERED_KEY_TYPES.has(type))
        ? new GatheredReads(
            manager.connection.manager,
            columns.map((column, i) => ({ name: column.databaseName, type: types[i] })),
            `${select} WHERE ${where((column) => `k.${driver.escape(column.databaseName)}`)}`,
          )
        : undefined,
    };
    shape.finds.set(properties.join(), find);
  }
  if (manager.queryRunner || !find.gathered) return queryEntity(manager, target, { text: find.text, values });
  const row = await find.gathered.read(values);
  return row ? toEntity(manager, target, row) : null;
}

/** The entity of the statement's first row (every column, as `columnsOf` selects them or RETURNING names them), or null. */
export async function queryEntity<T extends ObjectLiteral>(manager: EntityManager, target: EntityTarget<T>, statement: Statement): Promise<T | null> {
  const rows = await queryRows(manager, statement.text, statement.values);
  return rows[0] ? toEntity(manager, target, rows[0]) : null;
}
