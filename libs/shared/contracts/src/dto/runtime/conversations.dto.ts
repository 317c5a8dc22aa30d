import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { ListMetaDto } from '../common/pagination.dto';
import { IsOmittable, IsStringMap } from '../common/validators';
import { DiscriminateByTags, GetOrCreateMeta, SortedPageQuery, TagChanges, TagsFilter } from './runtime-lists.dto';
import { RuntimeConversationView } from './runtime-views';
import { OmittableString, OptionalString, QueryArray } from '../common/fields';

class ConversationPlaceBody {
  @ApiProperty({ maxLength: 200, description: 'Channel of the integration the conversation happens in' })
  @IsString()
  @MaxLength(200)
  channel: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'Integration the conversation belongs to' })
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  integrationName?: string;
}

export class CreateConversationBody extends ConversationPlaceBody {
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  @IsStringMap()
  tags: Record<string, string>;
}

export class GetOrCreateConversationBody extends ConversationPlaceBody {
  @TagChanges(true)
  tags: Record<string, string | null>;

  @DiscriminateByTags()
  discriminateByTags?: string[];
}

export class UpdateConversationBody {
  @OmittableString(200)
  currentTaskId?: string;

  @TagChanges(false)
  tags?: Record<string, string | null>;
}

/** A query parameter given once arrives as a string, given several times as an array. */

export class ListConversationsQuery extends SortedPageQuery {
  @TagsFilter()
  tags?: Record<string, string>;

  @ApiPropertyOptional({ type: [String], maxItems: 50, description: 'Only conversations every one of these users takes part in' })
  @IsOptional()
  @QueryArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  participantIds?: string[];

  @OptionalString(200)
  integrationName?: string;

  @OptionalString(200)
  channel?: string;

  @ApiPropertyOptional({ minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  minMessageCount?: number;

  @ApiPropertyOptional({ minimum: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  maxMessageCount?: number;
}

export class RuntimeConversationResponse {
  @ApiProperty({ type: RuntimeConversationView }) conversation: RuntimeConversationView;
}

export class GetOrCreateConversationResponse extends RuntimeConversationResponse {
  @ApiProperty({ type: GetOrCreateMeta }) meta: GetOrCreateMeta;
}

export class ListConversationsResponse {
  @ApiProperty({ type: [RuntimeConversationView] }) conversations: RuntimeConversationView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
