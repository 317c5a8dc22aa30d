import { Injectable } from '@nestjs/common';
import { BotAccess } from '@platform/bot-access';
import {
  CreateTableBody,
  DuplicateTableBody,
  Errors,
  GetOrCreateTableBody,
  newId,
  RenameTableColumnBody,
  TABLE_LIMITS,
  UpdateTableBody,
} from '@platform/contracts';
import { EntityManager } from 'typeorm';
import { assertColumnName, buildSchema, columnsOf, mergeSchema, renameInSchema, TableSchema, tableNameProblem } from '../common/table-schema';
import { TableRecord, tableView } from './table-record';
import { TablesRepository } from './tables.repository';

const JSON_TYPES: Record<string, string> = { string: 'string', date: 'string', number: 'number', boolean: 'boolean', object: 'object', array: 'array' };

@Injectable()
export class TablesService {
  constructor(private readonly tables: TablesRepository) {}

  /** The bot's table by name or id; another bot's is a 404 like a missing one. */
  async require(botId: string, nameOrId: string, manager?: EntityManager, lock = false): Promise<TableRecord> {
    const table = await this.tables.find(botId, nameOrId, manager, lock);
    if (!table) throw Errors.notFound('Table', nameOrId);
    return table;
  }

  async list(access: BotAccess, tags?: Record<string, string>) {
    const tables = await this.tables.list(access.botId, tags, TABLE_LIMITS.tablesPerBot);
    return { tables: tables.map(tableView) };
  }

  async create(access: BotAccess, input: CreateTableBody) {
    const table = await this.tables.transaction((manager) => this.insert(access.botId, input.name, input, manager));
    return { table: tableView(table) };
  }

  async get(access: BotAccess, nameOrId: string) {
    const table = await this.require(access.botId, nameOrId);
    return { table: tableView(table), rows: await this.tables.rowCount(table.id), stale: 0, indexing: 0 };
  }

  async getOrCreate(access: BotAccess, name: string, input: GetOrCreateTableBody) {
    const existing = await this.tables.find(access.botId, name);
    if (existing) return { table: tableView(existing), created: false, rows: await this.tables.rowCount(existing.id), stale: 0, indexing: 0 };
    try {
      const table = await this.tables.transaction((manager) => this.insert(access.botId, name, input, manager));
      return { table: tableView(table), created: true, rows: 0, stale: 0, indexing: 0 };
    } catch (error) {
      // Created meanwhile by another request: that one is the table.
      const raced = (error as { type?: string }).type === 'AlreadyExists' ? await this.tables.find(access.botId, name) : null;
      if (!raced) throw error;
      return { table: tableView(raced), created: false, rows: await this.tables.rowCount(raced.id), stale: 0, indexing: 0 };
    }
  }

  async update(access: BotAccess, nameOrId: string, input: UpdateTableBody) {
    const table = await this.tables.transaction(async (manager) => {
      const current = await this.require(access.botId, nameOrId, manager, true);
      refuseCompute(input.isComputeEnabled);
      const changesStructure = input.name !== undefined || input.schema !== undefined || input.keyColumn !== undefined || input.frozen === false;
      if (current.frozen && changesStructure) throw Errors.invalidPayload(`Table '${current.name}' is frozen: its name and schema cannot change`);
      if (input.factor !== undefined && input.factor < current.factor) {
        throw Errors.invalidPayload(`The factor of a table can only be increased (it is ${current.factor})`);
      }
      const next: TableRecord = {
        ...current,
        tags: input.tags ?? current.tags,
        factor: input.factor ?? current.factor,
        frozen: input.frozen ?? current.frozen,
      };
      if (input.name !== undefined && input.name !== current.name) {
        const problem = tableNameProblem(input.name);
        if (problem) throw Errors.invalidPayload(problem);
        next.name = input.name;
      }
      let removed: string[] = [];
      if (input.schema !== undefined) {
        ({ schema: next.schema, removed } = mergeSchema(current.schema, input.schema));
        await this.checkTypeChanges(current, next.schema, manager);
      }
      const keyColumn = input.keyColumn === undefined ? (removed.includes(current.keyColumn ?? '') ? null : current.keyColumn) : input.keyColumn;
      if (keyColumn) checkKeyColumn(next.schema, keyColumn);
      next.keyColumn = keyColumn ?? null;
      if (next.keyColumn !== current.keyColumn || removed.includes(current.keyColumn ?? '')) {
        await this.tables.dropKeyIndex(current.id, manager);
      }
      await this.tables.removeColumns(current.id, removed, manager);
      if (next.keyColumn && next.keyColumn !== current.keyColumn) await this.tables.createKeyIndex(current.id, next.keyColumn, manager);
      if (input.schema !== undefined) await this.tables.reindexSearch(current.id, next.schema, manager);
      return this.tables.update(next, manager);
    });
    return { table: tableView(table), staleColumns: [] };
  }

  async delete(access: BotAccess, nameOrId: string) {
    await this.tables.transaction(async (manager) => this.tables.delete(await this.require(access.botId, nameOrId, manager, true), manager));
    return {};
  }

  async duplicate(access: BotAccess, nameOrId: string, input: DuplicateTableBody) {
    return this.tables.transaction(async (manager) => {
      const source = await this.require(access.botId, nameOrId, manager, true);
      if (input.factor !== undefined && input.factor < 1) throw Errors.invalidPayload('factor must be at least 1');
      const name = input.tableName ?? (await this.copyName(access.botId, source.name, manager));
      const copy = await this.insert(
        access.botId,
        name,
        {
          schema: source.schema as unknown as Record<string, unknown>,
          factor: input.factor ?? source.factor,
          frozen: false,
          keyColumn: source.keyColumn,
          tags: source.tags,
        },
        manager,
        await this.tables.nextRowId(source.id, manager),
      );
      const rows = input.schemaOnly ? 0 : await this.tables.copyRows(source.id, copy.id, manager);
      return { table: tableView(copy), rows };
    });
  }

  async renameColumn(access: BotAccess, nameOrId: string, input: RenameTableColumnBody) {
    const table = await this.tables.transaction(async (manager) => {
      const current = await this.require(access.botId, nameOrId, manager, true);
      if (current.frozen) throw Errors.invalidPayload(`Table '${current.name}' is frozen: its schema cannot change`);
      if (!(input.name in current.schema.properties)) throw Errors.notFound('Column', input.name);
      assertColumnName(input.newName);
      if (input.newName in current.schema.properties) throw Errors.alreadyExists('Column', input.newName);
      const next: TableRecord = { ...current, schema: renameInSchema(current.schema, input.name, input.newName) };
      const isKey = current.keyColumn === input.name;
      if (isKey) await this.tables.dropKeyIndex(current.id, manager);
      await this.tables.renameColumn(current.id, input.name, input.newName, manager);
      if (isKey) {
        next.keyColumn = input.newName;
        await this.tables.createKeyIndex(current.id, input.newName, manager);
      }
      await this.tables.reindexSearch(current.id, next.schema, manager);
      return this.tables.update(next, manager);
    });
    return { table: tableView(table) };
  }

  private async insert(botId: string, name: string, input: GetOrCreateTableBody, manager: EntityManager, nextRowId = 1): Promise<TableRecord> {
    const problem = tableNameProblem(name);
    if (problem) throw Errors.invalidPayload(problem);
    refuseCompute(input.isComputeEnabled);
    const schema = buildSchema(input.schema);
    if (input.keyColumn) checkKeyColumn(schema, input.keyColumn);
    if ((await this.tables.countOfBot(botId, manager)) >= TABLE_LIMITS.tablesPerBot) {
      throw Errors.invalidPayload(`A bot has at most ${TABLE_LIMITS.tablesPerBot} tables`);
    }
    const table = await this.tables.insert(
      {
        id: newId('table'),
        botId,
        name,
        factor: input.factor ?? 1,
        frozen: input.frozen ?? false,
        keyColumn: input.keyColumn ?? null,
        schema,
        tags: input.tags ?? {},
      },
      manager,
      nextRowId,
    );
    if (table.keyColumn) await this.tables.createKeyIndex(table.id, table.keyColumn, manager);
    return table;
  }

  /** A column whose type changes must hold no value of its old type. */
  private async checkTypeChanges(current: TableRecord, next: TableSchema, manager: EntityManager): Promise<void> {
    const before = new Map(columnsOf(current.schema).map((c) => [c.name, c]));
    for (const column of columnsOf(next)) {
      const old = before.get(column.name);
      if (!old || old.type === column.type) continue;
      const others = await this.tables.countOtherTypes(current.id, column.name, JSON_TYPES[column.type], manager);
      if (others > 0) throw Errors.invalidPayload(`Column '${column.name}' cannot become ${column.type}: ${others} rows hold values of type ${old.type}`);
    }
  }

  private async copyName(botId: string, name: string, manager: EntityManager): Promise<string> {
    const stem = name.replace(/Table$/, '').slice(0, 18);
    for (let n = 1; n < 1000; n++) {
      const candidate = `${stem}Copy${n === 1 ? '' : n}Table`;
      if (!(await this.tables.find(botId, candidate, manager))) return candidate;
    }
    throw Errors.invalidPayload(`No free name for a copy of '${name}'; give tableName`);
  }
}

function refuseCompute(enabled: boolean | undefined): void {
  if (enabled) throw Errors.invalidPayload('Computed columns (isComputeEnabled) are not available on this platform');
}

function checkKeyColumn(schema: TableSchema, keyColumn: string): void {
  const column = columnsOf(schema).find((c) => c.name === keyColumn);
  if (!column) throw Errors.invalidPayload(`keyColumn '${keyColumn}' is not a column of the table`);
  if (!['string', 'number', 'date'].includes(column.type)) throw Errors.invalidPayload(`keyColumn '${keyColumn}' must be a string, number or date column`);
}
