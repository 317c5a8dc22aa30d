import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ListMetaDto } from '../common/pagination.dto';
import { IsOmittable, IsStringMap } from '../common/validators';
import { DiscriminateByTags, GetOrCreateMeta, SORT_FIELDS, SortedPageQuery, SortField, TagChanges, TagsFilter } from './runtime-lists.dto';
import { RuntimeUserView } from './runtime-views';
import { OmittableString } from '../common/fields';

class UserFieldsBody {
  @ApiPropertyOptional({ maxLength: 200, description: 'Integration the user belongs to' })
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  integrationName?: string;

  @OmittableString(200)
  name?: string;

  @OmittableString(2000)
  pictureUrl?: string;
}

export class CreateUserBody extends UserFieldsBody {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  @IsStringMap()
  tags: Record<string, string>;
}

export class GetOrCreateUserBody extends UserFieldsBody {
  @TagChanges(true)
  tags: Record<string, string | null>;

  @DiscriminateByTags()
  discriminateByTags?: string[];
}

export class UpdateUserBody {
  @TagChanges(false)
  tags?: Record<string, string | null>;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: 'null removes the name' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000, description: 'null removes the picture' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  pictureUrl?: string | null;
}

export class ListUsersQuery extends SortedPageQuery {
  @ApiPropertyOptional({ maxLength: 200, description: 'Only the participants of this conversation' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  conversationId?: string;

  @TagsFilter()
  tags?: Record<string, string>;

  @ApiPropertyOptional({ enum: SORT_FIELDS, default: 'createdAt', description: 'Field that afterDate and beforeDate apply to' })
  @IsOptional()
  @IsIn(SORT_FIELDS)
  rangeField?: SortField;
}

export class RuntimeUserResponse {
  @ApiProperty({ type: RuntimeUserView }) user: RuntimeUserView;
}

export class GetOrCreateUserResponse extends RuntimeUserResponse {
  @ApiProperty({ type: GetOrCreateMeta }) meta: GetOrCreateMeta;
}

export class ListUsersResponse {
  @ApiProperty({ type: [RuntimeUserView] }) users: RuntimeUserView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
