import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import { QueryArray, QueryBoolean, RequiredString } from '../common/fields';
import { ListMetaDto, PageQueryDto } from '../common/pagination.dto';
import { IsJsonObject, IsNullableStringMap, IsOmittable, IsStringMap } from '../common/validators';

/** Shapes of the files API (`/v1/files/*`) as `@botpress/client` parses them. */

export const FILE_ACCESS_POLICIES = ['integrations', 'public_content'] as const;
export type FileAccessPolicy = (typeof FILE_ACCESS_POLICIES)[number];

export const FILE_STATUSES = ['upload_pending', 'upload_failed', 'upload_completed', 'indexing_pending', 'indexing_failed', 'indexing_completed'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export const PASSAGE_SUBTYPES = ['title', 'subtitle', 'paragraph', 'blockquote', 'list', 'table', 'code', 'image', 'page'] as const;
export type PassageSubtype = (typeof PASSAGE_SUBTYPES)[number];
/** The subtypes a caller may give its own passages (setFilePassages). */
export const SETTABLE_PASSAGE_TYPES = ['title', 'subtitle', 'paragraph', 'blockquote', 'list', 'table', 'code', 'image'] as const;

export const FILE_SORT_FIELDS = ['key', 'size', 'createdAt', 'updatedAt', 'status'] as const;
export type FileSortField = (typeof FILE_SORT_FIELDS)[number];

/** Bounds of the files API. */
export const FILE_LIMITS = { keyLength: 1000, tagValueLength: 1000, contentTypeLength: 200, passages: 10000, passageLength: 20000, searchLimit: 50 } as const;

const TAGS = { type: 'object', additionalProperties: { type: 'string' } } as const;
const METADATA = { type: 'object', additionalProperties: true } as const;

/**
 * A tag filter of the files API: each key must hold one of the values given (a string or a list),
 * or none of those under `not`. The query string carries it as `tags.<key>=…` or as JSON.
 */
export type FileTagFilter = Record<string, string | string[] | { not: string | string[] }>;

const isStringOrList = (v: unknown) => typeof v === 'string' || (Array.isArray(v) && v.length <= 100 && v.every((x) => typeof x === 'string'));

export function fileTagFilterProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'tags must be an object of tag filters';
  const entries = Object.entries(value);
  if (entries.length > 100) return 'tags has more than 100 keys';
  for (const [key, filter] of entries) {
    if (key.length === 0 || key.length > 200) return 'tags keys must be 1 to 200 characters long';
    if (isStringOrList(filter)) continue;
    if (typeof filter === 'object' && filter !== null && !Array.isArray(filter)) {
      const keys = Object.keys(filter);
      if (keys.length === 1 && keys[0] === 'not' && isStringOrList((filter as { not: unknown }).not)) continue;
    }
    return `tags.${key} must be a string, a list of strings, or { not: … } of those`;
  }
  return undefined;
}

/** The query's `tags`, as the client sends it (nested keys, or a JSON string). */
/** deepObject and empty by default, as the other tag filters: "Try it out" sends none unless asked. */
const FILE_TAGS_FILTER_DOCUMENTATION = {
  type: 'object',
  additionalProperties: true,
  style: 'deepObject',
  explode: true,
  example: {},
  description: 'Tag filter: values (OR) per key, or `{ not: … }`',
} as const;

const FileTagsFilter = () => (target: object, property: string) => {
  ApiPropertyOptional(FILE_TAGS_FILTER_DOCUMENTATION)(target, property);
  IsOptional()(target, property);
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  })(target, property);
  registerDecorator({
    name: 'isFileTagFilter',
    target: target.constructor,
    propertyName: property,
    validator: {
      validate: (value: unknown) => fileTagFilterProblem(value) === undefined,
      defaultMessage: (args) => fileTagFilterProblem(args?.value) ?? 'tags is invalid',
    },
  });
};

/** Tags of a file: string values of at most 1000 characters. */
function fileTagsProblem(value: unknown, nullable: boolean): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'tags must be an object of string values';
  const entries = Object.entries(value);
  if (entries.length > 100) return 'tags has more than 100 keys';
  for (const [key, tag] of entries) {
    if (key.length === 0 || key.length > 200) return 'tags keys must be 1 to 200 characters long';
    if (tag === null && nullable) continue;
    if (typeof tag !== 'string') return `tags.${key} must be a string`;
    if (tag.length > FILE_LIMITS.tagValueLength) return `tags.${key} must be at most ${FILE_LIMITS.tagValueLength} characters long`;
  }
  return undefined;
}

const FileTags = (nullable: boolean) => (target: object, property: string) =>
  registerDecorator({
    name: nullable ? 'isFileTagChanges' : 'isFileTags',
    target: target.constructor,
    propertyName: property,
    validator: {
      validate: (value: unknown) => fileTagsProblem(value, nullable) === undefined,
      defaultMessage: (args) => fileTagsProblem(args?.value, nullable) ?? 'tags is invalid',
    },
  });

/** Metadata changes: an object; a null value removes the key. */
const IsMetadata = () => IsJsonObject();

/** A MIME type: `type/subtype`, parameters allowed. */
const CONTENT_TYPE = /^[a-zA-Z0-9][a-zA-Z0-9!#$&^_.+-]{0,126}\/[a-zA-Z0-9][a-zA-Z0-9!#$&^_.+-]{0,126}( *;.*)?$/;

export class UpsertFileBody {
  @ApiProperty({ maxLength: FILE_LIMITS.keyLength, description: 'Unique key of the file in the bot' })
  @IsString()
  @MinLength(1)
  @MaxLength(FILE_LIMITS.keyLength)
  key: string;

  @ApiProperty({ minimum: 0, description: 'Size of the content in bytes' })
  @IsInt()
  @Min(0)
  size: number;

  @ApiPropertyOptional(TAGS)
  @IsOmittable()
  @FileTags(false)
  tags?: Record<string, string>;

  @ApiPropertyOptional({ default: false })
  @IsOmittable()
  @IsBoolean()
  index?: boolean;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Indexing options (parsing and chunking)' })
  @IsOmittable()
  @IsJsonObject()
  indexing?: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'array', items: { type: 'string', enum: [...FILE_ACCESS_POLICIES] } })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(2)
  @IsIn(FILE_ACCESS_POLICIES, { each: true })
  accessPolicies?: FileAccessPolicy[];

  @ApiPropertyOptional({ maxLength: FILE_LIMITS.contentTypeLength })
  @IsOmittable()
  @IsString()
  @MaxLength(FILE_LIMITS.contentTypeLength)
  @Matches(CONTENT_TYPE, { message: 'contentType must be a MIME type such as text/plain' })
  contentType?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOmittable()
  @IsISO8601({ strict: true })
  expiresAt?: string;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  publicContentImmediatelyAccessible?: boolean;

  @ApiPropertyOptional(METADATA)
  @IsOmittable()
  @IsMetadata()
  metadata?: Record<string, unknown>;
}

export class UpdateFileMetadataBody {
  @ApiPropertyOptional({ ...METADATA, description: 'Keys to set; null removes a key' })
  @IsOmittable()
  @IsMetadata()
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string', nullable: true } })
  @IsOmittable()
  @FileTags(true)
  tags?: Record<string, string | null>;

  @ApiPropertyOptional({ type: 'array', items: { type: 'string', enum: [...FILE_ACCESS_POLICIES] } })
  @IsOmittable()
  @IsArray()
  @ArrayMaxSize(2)
  @IsIn(FILE_ACCESS_POLICIES, { each: true })
  accessPolicies?: FileAccessPolicy[];

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'null removes the expiry' })
  @IsOptional()
  @IsISO8601({ strict: true })
  expiresAt?: string | null;
}

export class FileOwnerView {
  @ApiProperty({ enum: ['bot', 'integration', 'user'] }) type: 'bot' | 'integration' | 'user';
  @ApiPropertyOptional() id?: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() alias?: string;
}

export class FileView {
  @ApiProperty() id: string;
  @ApiProperty() botId: string;
  @ApiProperty() key: string;
  @ApiProperty() url: string;
  @ApiProperty({ type: Number, nullable: true }) size: number | null;
  @ApiProperty() contentType: string;
  @ApiProperty(TAGS) tags: Record<string, string>;
  @ApiProperty(METADATA) metadata: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...FILE_ACCESS_POLICIES] } }) accessPolicies: FileAccessPolicy[];
  @ApiProperty() index: boolean;
  @ApiProperty({ enum: FILE_STATUSES }) status: FileStatus;
  @ApiPropertyOptional() failedStatusReason?: string;
  @ApiPropertyOptional({ format: 'date-time' }) expiresAt?: string;
  @ApiProperty({ type: FileOwnerView }) owner: FileOwnerView;
  @ApiPropertyOptional({ enum: ['v1', 'v2'] }) indexingStack?: 'v1' | 'v2';
}

export class UploadableFileView extends FileView {
  @ApiProperty({ description: 'Where to PUT the content: a signed address that expires' }) uploadUrl: string;
}

export class UpsertFileResponse {
  @ApiProperty({ type: UploadableFileView }) file: UploadableFileView;
}

export class FileResponse {
  @ApiProperty({ type: FileView }) file: FileView;
}

export class FileIdParams {
  @RequiredString(FILE_LIMITS.keyLength)
  id: string;
}

export class CopyFileParams {
  @RequiredString(FILE_LIMITS.keyLength)
  idOrKey: string;

  @ApiProperty({ maxLength: FILE_LIMITS.keyLength })
  @IsString()
  @MinLength(1)
  @MaxLength(FILE_LIMITS.keyLength)
  destinationKey: string;
}

/** copyFile's header input (the client sends it as `'x-destination-bot-id'`). */
export class CopyFileHeaders {
  @ApiPropertyOptional({
    maxLength: 200,
    description:
      'The bot to copy the file to, in the same workspace; the caller must be allowed to create files there. Without it, the copy stays in the bot of x-bot-id',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  'x-destination-bot-id'?: string;
}

export class CopyFileBody {
  @ApiPropertyOptional({ description: 'Replace a file already under the destination key' })
  @IsOmittable()
  @IsBoolean()
  overwrite?: boolean;
}

export class ListFilesQuery extends PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  pageSize?: number;

  @ApiPropertyOptional({ enum: FILE_SORT_FIELDS })
  @IsOptional()
  @IsIn(FILE_SORT_FIELDS)
  sortField?: FileSortField;

  @ApiPropertyOptional({ enum: ['asc', 'desc'] })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortDirection?: 'asc' | 'desc';

  @FileTagsFilter()
  tags?: FileTagFilter;

  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @IsOptional()
  @QueryArray()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  ids?: string[];

  @ApiPropertyOptional()
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  indexed?: boolean;
}

export class ListFilesResponse {
  @ApiProperty({ type: [FileView] }) files: FileView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

export class SearchFilesQuery {
  @ApiProperty({ maxLength: 1000, description: 'A question or keywords in natural language' })
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  query: string;

  @FileTagsFilter()
  tags?: FileTagFilter;

  @ApiPropertyOptional({ minimum: 0, maximum: 10, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10)
  contextDepth?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: FILE_LIMITS.searchLimit, default: 10 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(FILE_LIMITS.searchLimit)
  limit?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  consolidate?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  includeBreadcrumb?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  withContext?: boolean;
}

export class PassageMetaView {
  @ApiPropertyOptional({ enum: ['chunk', 'summary', 'consolidated', 'image'] }) type?: 'chunk' | 'summary' | 'consolidated' | 'image';
  @ApiPropertyOptional({ enum: PASSAGE_SUBTYPES }) subtype?: PassageSubtype;
  @ApiPropertyOptional() pageNumber?: number;
  @ApiPropertyOptional() position?: number;
  @ApiPropertyOptional() sourceUrl?: string;
}

export class PassageFileView {
  @ApiProperty() id: string;
  @ApiProperty() key: string;
  @ApiProperty() contentType: string;
  @ApiProperty(METADATA) metadata: Record<string, unknown>;
  @ApiProperty(TAGS) tags: Record<string, string>;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class PassageContextView {
  @ApiPropertyOptional() id?: string;
  @ApiProperty() text: string;
  @ApiPropertyOptional() offset?: number;
  @ApiProperty({ enum: ['preceding', 'subsequent', 'current', 'breadcrumb'] }) type: 'preceding' | 'subsequent' | 'current' | 'breadcrumb';
}

export class SearchPassageView {
  @ApiProperty() content: string;
  @ApiProperty() score: number;
  @ApiProperty({ type: PassageMetaView }) meta: PassageMetaView;
  @ApiProperty({ type: PassageFileView }) file: PassageFileView;
  @ApiPropertyOptional({ type: [PassageContextView] }) context?: PassageContextView[];
}

export class SearchFilesResponse {
  @ApiProperty({ type: [SearchPassageView] }) passages: SearchPassageView[];
}

export class ListFilePassagesQuery extends PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  pageSize?: number;
}

export class FilePassageView {
  @ApiProperty() id: string;
  @ApiProperty() content: string;
  @ApiProperty({ type: PassageMetaView }) meta: PassageMetaView;
}

export class ListFilePassagesResponse {
  @ApiProperty({ type: [FilePassageView] }) passages: FilePassageView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

export class PassageInput {
  @ApiProperty({ maxLength: FILE_LIMITS.passageLength })
  @IsString()
  @MinLength(1)
  @MaxLength(FILE_LIMITS.passageLength)
  content: string;

  @ApiPropertyOptional({ enum: SETTABLE_PASSAGE_TYPES, default: 'paragraph' })
  @IsOmittable()
  @IsIn(SETTABLE_PASSAGE_TYPES)
  type?: (typeof SETTABLE_PASSAGE_TYPES)[number];

  @ApiPropertyOptional({ minimum: 1 })
  @IsOmittable()
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  pageNumber?: number;
}

export class SetFilePassagesBody {
  @ApiProperty({ type: [PassageInput], maxItems: FILE_LIMITS.passages })
  @IsArray()
  @ArrayMaxSize(FILE_LIMITS.passages)
  @ValidateNested({ each: true })
  @Type(() => PassageInput)
  passages: PassageInput[];
}

export class FileTagParams {
  @RequiredString(200)
  tag: string;
}

export class ListFileTagsResponse {
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

export class ListFileTagValuesResponse {
  @ApiProperty({ type: [String] }) values: string[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

export class CreateKnowledgeBaseBody {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional(TAGS)
  @IsOmittable()
  @IsStringMap()
  tags?: Record<string, string>;
}

export class UpdateKnowledgeBaseBody {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string', nullable: true } })
  @IsOmittable()
  @IsNullableStringMap()
  tags?: Record<string, string | null>;
}

export class ListKnowledgeBasesQuery extends PageQueryDto {
  @FileTagsFilter()
  tags?: FileTagFilter;
}

export class KnowledgeBaseView {
  @ApiProperty() id: string;
  @ApiProperty() name: string;
  @ApiProperty(TAGS) tags: Record<string, string>;
}

export class ListedKnowledgeBaseView extends KnowledgeBaseView {
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class KnowledgeBaseResponse {
  @ApiProperty({ type: KnowledgeBaseView }) knowledgeBase: KnowledgeBaseView;
}

export class ListKnowledgeBasesResponse {
  @ApiProperty({ type: [ListedKnowledgeBaseView] }) knowledgeBases: ListedKnowledgeBaseView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

/** Internal: the signed address of an upload or a download, checked by the files service. */
export class FileTransferBody {
  @IsString()
  @MaxLength(2000)
  token: string;
}

export class CompleteFileUploadBody extends FileTransferBody {
  @IsInt()
  @Min(0)
  size: number;
}

export class FailFileUploadBody extends FileTransferBody {
  @IsString()
  @MaxLength(500)
  reason: string;
}

/** What the gateway needs to move a file's bytes: where they are kept, their type and limits. */
export interface FileTransfer {
  blob: string;
  contentType: string;
  /** Uploads: the declared size, which the body must match. Downloads: the stored size. */
  size: number;
  /** Downloads: the file's key, for the download's file name. */
  key?: string;
}

/** Internal: who, on the bot's side, a service acts for when it writes or reads a file. */
class ServiceFileAccess {
  @RequiredString(200)
  botId: string;

  /** The integration the request came through: it owns what is written, and reads only what it may. */
  @IsOptional()
  @RequiredString(200)
  integrationAlias?: string;

  @IsOptional()
  @RequiredString(200)
  integrationId?: string;
}

/** Internal: a service begins writing a new file of a bot (a table export). */
export class OpenFileWriteBody extends ServiceFileAccess {
  @RequiredString(1000)
  key: string;

  @RequiredString(200)
  contentType: string;
}

/** Internal: a file a service wrote, or is done with. */
export class FileWriteRef {
  @RequiredString(200)
  botId: string;

  @RequiredString(200)
  fileId: string;
}

export class CompleteFileWriteBody extends FileWriteRef {
  @IsInt()
  @Min(0)
  size: number;
}

/** Internal: a service reads a file of a bot (a table import). */
export class OpenFileReadBody extends ServiceFileAccess {
  @RequiredString(200)
  fileId: string;
}

/** Where a service writes a new file's content: the blob, and the most bytes the file may hold. */
export interface FileWrite {
  fileId: string;
  blob: string;
  maxSize: number;
}
