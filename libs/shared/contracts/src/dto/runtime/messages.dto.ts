import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ListMetaDto } from '../common/pagination.dto';
import { IsJsonObject, IsOmittable, IsStringMap } from '../common/validators';
import { DatedPageQuery, DiscriminateByTags, GetOrCreateMeta, TagChanges, TagsFilter } from './runtime-lists.dto';
import { RuntimeMessageView } from './runtime-views';
import { OptionalString, RequiredString } from '../common/fields';
import { ScheduleBody } from './schedule.dto';

/** Where, by whom and of what type a message is: the same for createMessage and getOrCreateMessage. */
class MessagePlaceBody {
  @ApiProperty({ maxLength: 200, description: 'Author; the bot writes as its own user, whose id is the bot id (x-bot-user-id)' })
  @IsString()
  @MaxLength(200)
  userId: string;

  @RequiredString(200)
  conversationId: string;

  @ApiProperty({ maxLength: 200, example: 'text' })
  @IsString()
  @MaxLength(200)
  type: string;

  @ApiPropertyOptional({ enum: ['synthetic'] })
  @IsOptional()
  @IsIn(['synthetic'])
  origin?: 'synthetic';
}

export class CreateMessageBody extends MessagePlaceBody {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Payload of the message, without its type' })
  @IsJsonObject()
  payload: Record<string, unknown>;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } })
  @IsStringMap()
  tags: Record<string, string>;

  @ApiPropertyOptional({ type: ScheduleBody, description: 'Send the message at a later time: it is created when due' })
  @IsOptional()
  @IsJsonObject()
  @ValidateNested()
  @Type(() => ScheduleBody)
  schedule?: ScheduleBody;
}

export class RuntimeMessageResponse {
  @ApiProperty({ type: RuntimeMessageView }) message: RuntimeMessageView;
}

/** The message of the conversation whose tags match, else a new one. */
export class GetOrCreateMessageBody extends MessagePlaceBody {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Payload of the message, without its type; {} when absent' })
  @IsOmittable()
  @IsJsonObject()
  payload?: Record<string, unknown>;

  @TagChanges(true)
  tags: Record<string, string | null>;

  @DiscriminateByTags()
  discriminateByTags?: string[];
}

export class UpdateMessageBody {
  @TagChanges(false)
  tags?: Record<string, string | null>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Replaces the payload of the message' })
  @IsOmittable()
  @IsJsonObject()
  payload?: Record<string, unknown>;
}

export class ListMessagesQuery extends DatedPageQuery {
  @OptionalString(200)
  conversationId?: string;

  @TagsFilter()
  tags?: Record<string, string>;
}

export class GetOrCreateMessageResponse extends RuntimeMessageResponse {
  @ApiProperty({ type: GetOrCreateMeta }) meta: GetOrCreateMeta;
}

export class ListMessagesResponse {
  @ApiProperty({ type: [RuntimeMessageView] }) messages: RuntimeMessageView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
