import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { ListMetaDto, SizedPageQueryDto } from '../common/pagination.dto';
import { IsJsonObject } from '../common/validators';
import { EVENT_STATUSES, RuntimeEventView } from './runtime-views';
import { OptionalString } from '../common/fields';
import { ScheduleBody } from './schedule.dto';

export class CreateEventBody {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'custom', description: 'Type of the event' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  type: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsJsonObject()
  payload: Record<string, unknown>;

  @ApiPropertyOptional({ maxLength: 200, description: 'Conversation of the bot the event is about' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  conversationId?: string;

  @ApiPropertyOptional({ maxLength: 200, description: "User of the bot the event is about; the bot id is the bot's own user" })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  userId?: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'Workflow of the bot the event is for: a listening workflow is continued (workflow_continued)' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  workflowId?: string;

  @ApiPropertyOptional({ maxLength: 200, description: 'Message of the bot the event is about' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  messageId?: string;

  @ApiPropertyOptional({ type: ScheduleBody, description: 'Send the event at a later time: it is recorded as `scheduled` and delivered when due' })
  @IsOptional()
  @IsJsonObject()
  @ValidateNested()
  @Type(() => ScheduleBody)
  schedule?: ScheduleBody;
}

/** The statuses listEvents filters on, as the reference has them (canceled events are found by id). */
export const LISTED_EVENT_STATUSES = EVENT_STATUSES.filter((s) => s !== 'canceled') as Array<Exclude<(typeof EVENT_STATUSES)[number], 'canceled'>>;

export class ListEventsQuery extends SizedPageQueryDto {
  @OptionalString(200)
  type?: string;

  @OptionalString(200)
  conversationId?: string;

  @OptionalString(200)
  userId?: string;

  @OptionalString(200)
  messageId?: string;

  @ApiPropertyOptional({ enum: LISTED_EVENT_STATUSES })
  @IsOptional()
  @IsIn(LISTED_EVENT_STATUSES)
  status?: (typeof LISTED_EVENT_STATUSES)[number];
}

export class RuntimeEventResponse {
  @ApiProperty({ type: RuntimeEventView }) event: RuntimeEventView;
}

export class ListEventsResponse {
  @ApiProperty({ type: [RuntimeEventView] }) events: RuntimeEventView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
