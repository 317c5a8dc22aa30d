import { TableSchema } from '../common/table-schema';

/** A table as stored. */
export interface TableRecord {
  id: string;
  botId: string;
  name: string;
  factor: number;
  frozen: boolean;
  keyColumn: string | null;
  schema: TableSchema;
  tags: Record<string, string>;
  /** Bumped by every change of the definition (`TableDefinitions`). */
  revision: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface TableRow {
  id: string;
  bot_id: string;
  name: string;
  factor: number;
  frozen: boolean;
  key_column: string | null;
  schema: TableSchema;
  tags: Record<string, string>;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

export function toRecord(row: TableRow): TableRecord {
  return {
    id: row.id,
    botId: row.bot_id,
    name: row.name,
    factor: row.factor,
    frozen: row.frozen,
    keyColumn: row.key_column,
    schema: row.schema,
    tags: row.tags,
    revision: row.revision,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A table as the API shows it. */
export function tableView(table: TableRecord): Record<string, unknown> {
  return {
    id: table.id,
    name: table.name,
    factor: table.factor,
    frozen: table.frozen,
    ...(table.keyColumn ? { keyColumn: table.keyColumn } : {}),
    schema: table.schema,
    tags: table.tags,
    isComputeEnabled: false,
    createdAt: table.createdAt.toISOString(),
    updatedAt: table.updatedAt.toISOString(),
  };
}
