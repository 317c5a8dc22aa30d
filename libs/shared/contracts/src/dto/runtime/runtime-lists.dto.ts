import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { SizedPageQueryDto } from '../common/pagination.dto';
import { IsNullableStringMap, IsOmittable, IsStringMap } from '../common/validators';

/** Pieces shared by the list and get-or-create operations of runtime users, conversations and messages. */

export const SORT_FIELDS = ['createdAt', 'updatedAt'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Applies several property decorators as one. */
const all =
  (...decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, property) =>
    decorators.forEach((decorate) => decorate(target, property));

/**
 * How a tags filter is documented: an object sent as `tags[<key>]=<value>` (deepObject, which
 * Swagger UI's "Try it out" sends), also accepted as `tags.<key>=<value>`; empty by default, so that
 * trying an operation does not filter on made-up tags.
 */
export const TAGS_FILTER_DOCUMENTATION = (what: string) =>
  ({
    type: 'object',
    additionalProperties: { type: 'string' },
    style: 'deepObject',
    explode: true,
    example: {},
    description: `${what}, as \`tags.<key>=<value>\` or \`tags[<key>]=<value>\``,
  }) as const;

/** A list filter on tags, sent as `tags.<key>=<value>`: the items having all these values. */
export const TagsFilter = () => all(ApiPropertyOptional(TAGS_FILTER_DOCUMENTATION('Only items having all these tag values')), IsOptional(), IsStringMap());

/** Tags to set; a null or empty value removes the tag. */
export const TagChanges = (required: boolean) =>
  all(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: 'object',
      additionalProperties: { type: 'string', nullable: true },
      description: 'Tags to set; null or an empty string removes a tag',
    }),
    ...(required ? [] : [IsOmittable()]),
    IsNullableStringMap(),
  );

/** The tag names a get-or-create lookup compares; without it, every tag of the request. */
export const DiscriminateByTags = () =>
  all(
    ApiPropertyOptional({
      type: [String],
      maxItems: 50,
      description: 'Tag names an existing item must match (by the values in `tags`; a tag without a value must be absent). Without it, every tag in `tags`.',
    }),
    IsOmittable(),
    IsArray(),
    ArrayMaxSize(50),
    IsString({ each: true }),
    MaxLength(200, { each: true }),
  );

export class DatedPageQuery extends SizedPageQueryDto {
  @ApiPropertyOptional({ format: 'date-time', description: 'Only items created after this instant' })
  @IsOptional()
  @IsISO8601({ strict: true })
  afterDate?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only items created before this instant' })
  @IsOptional()
  @IsISO8601({ strict: true })
  beforeDate?: string;
}

export class SortedPageQuery extends DatedPageQuery {
  @ApiPropertyOptional({ enum: SORT_FIELDS, default: 'createdAt' })
  @IsOptional()
  @IsIn(SORT_FIELDS)
  sortField?: SortField;

  @ApiPropertyOptional({ enum: SORT_DIRECTIONS, default: 'desc' })
  @IsOptional()
  @IsIn(SORT_DIRECTIONS)
  sortDirection?: SortDirection;
}

export class GetOrCreateMeta {
  @ApiProperty({ description: 'Whether the item was created by this request' }) created: boolean;
}
