import { Injectable } from '@nestjs/common';
import { BotAccess } from '@platform/bot-access';
import { ApiError, CreateTableRowsBody, DeleteTableRowsBody, Errors, FindTableRowsBody, UpdateTableRowsBody, UpsertTableRowsBody } from '@platform/contracts';
import { Column, columnsOf } from '../common/table-schema';
import { TableDefinitions } from '../tables/table-definitions';
import { TableRecord } from '../tables/table-record';
import { TablesService } from '../tables/tables.service';
import { FilterCompiler, resolveField } from './filter';
import { groupQuery, groupRowView } from './group';
import { checkRow } from './row-values';
import { rowView } from './row-view';
import { DefinitionCheck, RowChange, RowQuery, RowsRepository } from './rows.repository';
import { SqlParams } from './sql-params';

/** A page of rows or of groups, as findTableRows answers it. */
type FoundRows = { rows: Array<Record<string, unknown>>; hasMore: boolean; offset: number; limit: number };

/** Least word similarity (pg_trgm) of a row returned by a search. */
const SEARCH_THRESHOLD = 0.3;

@Injectable()
export class RowsService {
  constructor(
    private readonly tables: TablesService,
    private readonly rows: RowsRepository,
    private readonly definitions: TableDefinitions,
  ) {}

  async get(access: BotAccess, nameOrId: string, id: number) {
    const { table, row } = await this.onDefinition(access, nameOrId, async (table, as) => {
      const found = await this.rows.get(table.id, id, as);
      return found === undefined ? undefined : { table, row: found };
    });
    if (!row) throw Errors.notFound('Row', String(id));
    return { row: rowView(row, columnsOf(table.schema)) };
  }

  async create(access: BotAccess, nameOrId: string, input: CreateTableRowsBody) {
    return this.rows.transaction(async (manager) => {
      const table = await this.tables.require(access.botId, nameOrId, manager, true);
      const columns = columnsOf(table.schema);
      const warnings: string[] = [];
      const checked = input.rows.map((row, index) => {
        const result = checkRow(row, index, columns, true, table.factor);
        warnings.push(...ignoredWarnings(index, result.ignored));
        return result.data;
      });
      const inserted = await this.rows.insert(table.id, checked, columns, manager);
      return { rows: inserted.map((r) => rowView(r, columns)), ...(warnings.length > 0 ? { warnings } : {}) };
    });
  }

  async update(access: BotAccess, nameOrId: string, input: UpdateTableRowsBody) {
    return this.rows.transaction(async (manager) => {
      const table = await this.tables.require(access.botId, nameOrId, manager, true);
      const columns = columnsOf(table.schema);
      const warnings: string[] = [];
      const seen = new Set<number>();
      const changes: RowChange[] = input.rows.map((row, index) => {
        const id = rowId(row, index);
        if (seen.has(id)) throw Errors.invalidPayload(`Row ${index}: row ${id} appears more than once in the batch`);
        seen.add(id);
        const result = checkRow(row, index, columns, false, table.factor);
        warnings.push(...ignoredWarnings(index, result.ignored));
        return { id, data: result.data, cleared: result.cleared };
      });
      const updated = await this.rows.update(table.id, changes, columns, manager);
      if (updated.length < changes.length) {
        const found = new Set(updated.map((r) => r.id));
        const missing = changes.find((c) => !found.has(c.id))!;
        throw Errors.notFound('Row', String(missing.id));
      }
      return { rows: updated.map((r) => rowView(r, columns)), ...(warnings.length > 0 ? { warnings } : {}) };
    });
  }

  async upsert(access: BotAccess, nameOrId: string, input: UpsertTableRowsBody) {
    return this.rows.transaction(async (manager) => {
      const table = await this.tables.require(access.botId, nameOrId, manager, true);
      const columns = columnsOf(table.schema);
      const keyColumn = input.keyColumn ?? 'id';
      const warnings: string[] = [];
      const byKey = keyColumn === 'id' ? undefined : keyColumnOf(columns, keyColumn);
      const keys = input.rows.map((row, index) => {
        const key = (row as Record<string, unknown>)[keyColumn];
        if (byKey && (key === undefined || key === null)) throw Errors.invalidPayload(`Row ${index}: the key column '${keyColumn}' has no value`);
        if (!byKey && key !== undefined && (typeof key !== 'number' || !Number.isInteger(key)))
          throw Errors.invalidPayload(`Row ${index}: id must be an integer`);
        return key;
      });
      const checked = input.rows.map((row, index) => {
        const result = checkRow(row, index, columns, false, table.factor);
        warnings.push(...ignoredWarnings(index, result.ignored));
        return result;
      });
      const seen = new Set<string>();
      keys.forEach((key, index) => {
        if (key === undefined) return;
        const text = JSON.stringify(byKey ? checked[index].data[keyColumn] : key);
        if (seen.has(text)) throw Errors.invalidPayload(`Row ${index}: its ${keyColumn} appears more than once in the batch`);
        seen.add(text);
      });
      let existing: Map<string, number>;
      if (byKey) {
        existing = await this.rows.idsByKey(
          table.id,
          keyColumn,
          [...seen].map((t) => JSON.parse(t) as unknown),
          manager,
        );
      } else {
        const ids = keys.filter((k): k is number => typeof k === 'number');
        existing = new Map([...(await this.rows.existingIds(table.id, ids, manager))].map((id) => [JSON.stringify(id), id]));
      }
      const changes: RowChange[] = [];
      const additions: Array<Record<string, unknown>> = [];
      checked.forEach((result, index) => {
        const key = keys[index] === undefined ? undefined : JSON.stringify(byKey ? result.data[keyColumn] : keys[index]);
        const id = key === undefined ? undefined : existing.get(key);
        if (id !== undefined) changes.push({ id, data: result.data, cleared: result.cleared });
        else {
          for (const column of columns) {
            if (column.required && result.data[column.name] === undefined) throw Errors.invalidPayload(`Row ${index}: column '${column.name}' is required`);
          }
          additions.push(result.data);
        }
      });
      const updated = await this.rows.update(table.id, changes, columns, manager);
      const inserted = await this.rows.insert(table.id, additions, columns, manager);
      return {
        inserted: inserted.map((r) => rowView(r, columns)),
        updated: updated.map((r) => rowView(r, columns)),
        ...(warnings.length > 0 ? { warnings } : {}),
      };
    });
  }

  async delete(access: BotAccess, nameOrId: string, input: DeleteTableRowsBody) {
    const given = [input.ids !== undefined, input.filter !== undefined, input.deleteAllRows === true].filter(Boolean).length;
    if (given !== 1) throw Errors.invalidPayload('Give exactly one of ids, filter or deleteAllRows: true');
    return this.rows.transaction(async (manager) => {
      const table = await this.tables.require(access.botId, nameOrId, manager, true);
      const params = new SqlParams([table.id]);
      let where = 'TRUE';
      if (input.ids) where = `"r"."id" = ANY(${params.add(input.ids)}::int[])`;
      if (input.filter) {
        if (Object.keys(input.filter).length === 0) throw Errors.invalidPayload('An empty filter would delete every row: send deleteAllRows: true instead');
        where = new FilterCompiler(columnsOf(table.schema), params).compile(input.filter);
      }
      return { deletedRows: await this.rows.delete(where, params, manager) };
    });
  }

  /** A page of rows, or of groups. */
  async find(access: BotAccess, nameOrId: string, input: FindTableRowsBody): Promise<FoundRows> {
    return this.onDefinition(access, nameOrId, (table, as) => this.page(table, input, as));
  }

  /**
   * Reads rows with `read` on the table's definition as this replica remembers it, which spares a
   * statement reading it: `read` passes `as` on to the statement, which checks that it is still
   * current. When it is not (`read` answers undefined), or the request does not hold on it (a
   * 400: a filter on a column added since), the definition is read again and `read` run on it.
   */
  private async onDefinition<T>(access: BotAccess, nameOrId: string, read: (table: TableRecord, as?: DefinitionCheck) => Promise<T | undefined>): Promise<T> {
    const known = this.definitions.get(access.botId, nameOrId);
    if (known) {
      const answer = await read(known, { botId: access.botId, nameOrId, revision: known.revision }).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 400) return undefined;
        throw error;
      });
      if (answer !== undefined) return answer;
      this.definitions.forget(access.botId, nameOrId);
    }
    const table = await this.tables.require(access.botId, nameOrId);
    this.definitions.remember(access.botId, nameOrId, table);
    return (await read(table))!;
  }

  /** The page made on `table`'s definition; undefined when `as` is given and no longer current. */
  private async page(table: TableRecord, input: FindTableRowsBody, as?: DefinitionCheck): Promise<FoundRows | undefined> {
    const columns = columnsOf(table.schema);
    const limit = input.limit ?? 100;
    const offset = input.offset ?? 0;
    const params = new SqlParams([table.id]);
    let where = new FilterCompiler(columns, params).compile(input.filter);
    if (input.select) for (const path of input.select) resolveField(path, columns);
    if (input.group !== undefined) {
      if (input.search !== undefined) throw Errors.invalidPayload('search and group cannot be combined');
      const sql = groupQuery(input.group, columns, where, params, limit, offset);
      const groups = await this.rows.group(sql.text, params, as);
      if (!groups) return undefined;
      return { rows: groups.slice(0, limit).map((g, i) => groupRowView(g, sql.outputs, offset + i + 1)), hasMore: groups.length > limit, offset, limit };
    }
    const direction = input.orderDirection === 'desc' ? 'DESC' : 'ASC';
    let orderBy = `${orderExpression(input.orderBy ?? 'id', columns)} ${direction}, "r"."id" ${direction}`;
    const query: RowQuery = { where, orderBy, params, limit, offset };
    if (input.search !== undefined && input.search.trim() !== '') {
      if (await this.rows.hasTrigrams()) {
        query.words = { term: params.add(input.search), least: SEARCH_THRESHOLD };
      } else {
        // Any of the term's words, as a word or the start of one; the query text is made of letters and digits only.
        const words = input.search.match(/[\p{L}\p{N}]+/gu)?.slice(0, 32) ?? [];
        const tsquery = `to_tsquery('simple', ${params.add(words.map((w) => `${w}:*`).join(' | ') || 'nothing')})`;
        const vector = `to_tsvector('simple', coalesce("r"."search_text", ''))`;
        where = `${where} AND ${vector} @@ ${tsquery}`;
        query.similarity = `ts_rank(${vector}, ${tsquery})`;
      }
      orderBy = `"similarity" DESC, ${orderBy}`;
      Object.assign(query, { where, orderBy });
    }
    const found = await this.rows.find(table.id, query, as);
    if (!found) return undefined;
    return {
      rows: found.slice(0, limit).map((r) => rowView(r, columns, input.select)),
      hasMore: found.length > limit,
      offset,
      limit,
    };
  }
}

function rowId(row: unknown, index: number): number {
  const id = (row as Record<string, unknown>)?.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) throw Errors.invalidPayload(`Row ${index}: id must be a positive integer`);
  return id;
}

function keyColumnOf(columns: Column[], name: string): Column {
  const column = columns.find((c) => c.name === name);
  if (!column) throw Errors.invalidPayload(`keyColumn '${name}' is not a column of the table`);
  if (!['string', 'number', 'date'].includes(column.type)) throw Errors.invalidPayload(`keyColumn '${name}' must be a string, number or date column`);
  return column;
}

function ignoredWarnings(index: number, ignored: string[]): string[] {
  return ignored.map((key) => `Row ${index}: '${key}' is not a column of the table; ignored`);
}

function orderExpression(orderBy: string, columns: Column[]): string {
  const field = resolveField(orderBy, columns);
  if (field.nested) throw Errors.invalidPayload(`orderBy takes a column, not an attribute path ('${orderBy}')`);
  return field.sql;
}
