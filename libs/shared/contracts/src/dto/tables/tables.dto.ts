import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { OmittableString, QueryBoolean, RequiredString } from '../common/fields';
import { IsJsonObject, IsOmittable, IsStringMap } from '../common/validators';
import { TagsFilter } from '../runtime/runtime-lists.dto';

/** Limits of the tables API (docs/tables.md, "Limits"). */
export const TABLE_LIMITS = {
  /** Columns of one table. */
  columns: 20,
  /** Length of a column name. */
  columnName: 30,
  /** Length of a table name. */
  tableName: 100,
  /** Rows of one write. */
  batch: 1000,
  /** Rows of one page of findTableRows. */
  pageSize: 1000,
  /** Length of a search term. */
  search: 1024,
  /** The factor multiplies a row's storage limit (4 KB). */
  maxFactor: 30,
  /** Bytes of one row's data at factor 1. */
  rowBytes: 4096,
  /** Tables of one bot. */
  tablesPerBot: 1000,
} as const;

const FACTOR_DESCRIPTION = "Multiplies the row's data storage limit (4 KB); it can only be increased";

export class TableParams {
  @ApiProperty({ maxLength: 200, description: "The table's name or id" })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  table: string;
}

export class DuplicateTableParams {
  @ApiProperty({ maxLength: 200, description: "The source table's name or id" })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  sourceTableId: string;
}

export class ListTablesQuery {
  @TagsFilter()
  tags?: Record<string, string>;
}

class TableSettings {
  @ApiPropertyOptional({ minimum: 1, maximum: TABLE_LIMITS.maxFactor, default: 1, description: FACTOR_DESCRIPTION })
  @IsOptional()
  @IsNumber()
  @Min(1)
  @Max(TABLE_LIMITS.maxFactor)
  factor?: number;

  @ApiPropertyOptional({ description: 'A frozen table keeps its name and schema; it can only be deleted' })
  @IsOptional()
  @IsBoolean()
  frozen?: boolean;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: TABLE_LIMITS.columnName,
    description: 'Column whose values are unique (indexed); null removes it',
  })
  @ValidateIf((_, value) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(TABLE_LIMITS.columnName)
  keyColumn?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } })
  @IsOptional()
  @IsStringMap()
  tags?: Record<string, string>;

  @ApiPropertyOptional({ description: 'Computed columns are not available on this platform: only false is accepted' })
  @IsOptional()
  @IsBoolean()
  isComputeEnabled?: boolean;
}

export class GetOrCreateTableBody extends TableSettings {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'A JSON schema (type object) of at most 20 columns' })
  @IsJsonObject()
  schema: Record<string, unknown>;
}

export class CreateTableBody extends GetOrCreateTableBody {
  @ApiProperty({ minLength: 1, maxLength: TABLE_LIMITS.tableName })
  @IsString()
  @MinLength(1)
  @MaxLength(TABLE_LIMITS.tableName)
  name: string;
}

export class UpdateTableBody extends TableSettings {
  @ApiPropertyOptional({ minLength: 1, maxLength: TABLE_LIMITS.tableName })
  @IsOmittable()
  @IsString()
  @MinLength(1)
  @MaxLength(TABLE_LIMITS.tableName)
  name?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Columns to add or change; a column set to null is removed' })
  @IsOmittable()
  @IsJsonObject()
  schema?: Record<string, unknown>;
}

export class DuplicateTableBody {
  @ApiPropertyOptional({ maxLength: TABLE_LIMITS.tableName })
  @IsOmittable()
  @IsString()
  @MinLength(1)
  @MaxLength(TABLE_LIMITS.tableName)
  tableName?: string;

  @ApiPropertyOptional({ description: 'Only duplicate the schema, not the rows' })
  @IsOptional()
  @IsBoolean()
  schemaOnly?: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: TABLE_LIMITS.maxFactor })
  @IsOptional()
  @IsNumber()
  @Min(1)
  @Max(TABLE_LIMITS.maxFactor)
  factor?: number;
}

export class RenameTableColumnBody {
  @RequiredString(TABLE_LIMITS.columnName)
  name: string;

  @ApiProperty({ minLength: 1, maxLength: TABLE_LIMITS.columnName })
  @IsString()
  @MinLength(1)
  @MaxLength(TABLE_LIMITS.columnName)
  newName: string;
}

export class ExportTableQuery {
  @ApiPropertyOptional({ enum: ['csv', 'json'], default: 'json' })
  @IsOptional()
  @IsIn(['csv', 'json'])
  format?: 'csv' | 'json';

  @ApiPropertyOptional({ default: true, description: 'Whether the export is gzipped' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  compress?: boolean;
}

export class ImportTableBody {
  @RequiredString(200)
  fileId: string;
}

export class TableRowQuery {
  @ApiProperty({ type: Number, description: 'Id of the row' })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2147483647)
  id: number;
}

export class FindTableRowsBody {
  @ApiPropertyOptional({ minimum: 1, maximum: TABLE_LIMITS.pageSize, default: 100 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(TABLE_LIMITS.pageSize)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2147483647)
  offset?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'A MongoDB-like filter, e.g. { "name": { "$eq": "John" } }' })
  @IsOptional()
  @IsJsonObject()
  filter?: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Group by columns ("key") with aggregations (count, sum, avg, min, max)' })
  @IsOptional()
  @IsJsonObject()
  group?: Record<string, unknown>;

  @ApiPropertyOptional({ maxLength: TABLE_LIMITS.search })
  @IsOptional()
  @IsString()
  @MaxLength(TABLE_LIMITS.search)
  search?: string;

  @ApiPropertyOptional({ type: [String], description: 'Columns to return (dot paths for object attributes)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  select?: string[];

  @ApiPropertyOptional({ default: 'id' })
  @OmittableString(200)
  orderBy?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  orderDirection?: 'asc' | 'desc';
}

class RowsBody {
  @ApiPropertyOptional({ description: 'Computed columns are not available on this platform; accepted and ignored' })
  @IsOptional()
  @IsBoolean()
  waitComputed?: boolean;
}

export class CreateTableRowsBody extends RowsBody {
  @ApiProperty({ type: 'array', items: { type: 'object', additionalProperties: true }, minItems: 1, maxItems: TABLE_LIMITS.batch })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(TABLE_LIMITS.batch)
  rows: Array<Record<string, unknown>>;
}

export class UpdateTableRowsBody extends CreateTableRowsBody {}

export class UpsertTableRowsBody extends CreateTableRowsBody {
  @ApiPropertyOptional({ default: 'id', minLength: 1, maxLength: TABLE_LIMITS.columnName })
  @IsOmittable()
  @IsString()
  @MinLength(1)
  @MaxLength(TABLE_LIMITS.columnName)
  keyColumn?: string;
}

export class DeleteTableRowsBody {
  @ApiPropertyOptional({ type: [Number], maxItems: TABLE_LIMITS.batch })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(TABLE_LIMITS.batch)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2147483647, { each: true })
  ids?: number[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsJsonObject()
  filter?: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  deleteAllRows?: boolean;
}

const OBJECT = { type: 'object', additionalProperties: true } as const;

export class TableResponse {
  @ApiProperty(OBJECT)
  table: Record<string, unknown>;
}

export class ListTablesResponse {
  @ApiProperty({ type: 'array', items: OBJECT })
  tables: Array<Record<string, unknown>>;
}

export class GetTableResponse extends TableResponse {
  @ApiProperty() rows: number;
  @ApiProperty() stale: number;
  @ApiProperty() indexing: number;
}

export class GetOrCreateTableResponse extends GetTableResponse {
  @ApiProperty() created: boolean;
}

export class DuplicateTableResponse extends TableResponse {
  @ApiProperty() rows: number;
}

export class UpdateTableResponse extends TableResponse {
  @ApiPropertyOptional({ type: [String] }) staleColumns?: string[];
}

export class TableJobResponse {
  @ApiProperty(OBJECT)
  job: Record<string, unknown>;
}

export class TableJobsResponse {
  @ApiProperty({ type: 'array', items: OBJECT })
  jobs: Array<Record<string, unknown>>;
}

export class TableRowResponse {
  @ApiProperty(OBJECT)
  row: Record<string, unknown>;
}

export class FindTableRowsResponse {
  @ApiProperty({ type: 'array', items: OBJECT }) rows: Array<Record<string, unknown>>;
  @ApiProperty() hasMore: boolean;
  @ApiProperty() offset: number;
  @ApiProperty() limit: number;
  @ApiPropertyOptional({ type: [String] }) warnings?: string[];
}

export class TableRowsResponse {
  @ApiProperty({ type: 'array', items: OBJECT }) rows: Array<Record<string, unknown>>;
  @ApiPropertyOptional({ type: [String] }) warnings?: string[];
  @ApiPropertyOptional({ type: [String] }) errors?: string[];
}

export class UpsertTableRowsResponse {
  @ApiProperty({ type: 'array', items: OBJECT }) inserted: Array<Record<string, unknown>>;
  @ApiProperty({ type: 'array', items: OBJECT }) updated: Array<Record<string, unknown>>;
  @ApiPropertyOptional({ type: [String] }) warnings?: string[];
  @ApiPropertyOptional({ type: [String] }) errors?: string[];
}

export class DeleteTableRowsResponse {
  @ApiProperty() deletedRows: number;
}
