import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsISO8601, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { OptionalString, RequiredString } from '../common/fields';
import { ListMetaDto } from '../common/pagination.dto';
import { IsJsonObject } from '../common/validators';

/** What tags are looked through by listTagValues. */
export const TAGGED_RESOURCES = ['user', 'conversation', 'message'] as const;

export class TagKeyParams {
  @ApiProperty({ minLength: 1, maxLength: 200, description: 'Tag key' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  key: string;
}

export class ListTagValuesQuery {
  @ApiProperty({ enum: TAGGED_RESOURCES, description: 'Whose tags: users, conversations or messages of the bot' })
  @IsIn(TAGGED_RESOURCES)
  type: (typeof TAGGED_RESOURCES)[number];

  @OptionalString(1000)
  nextToken?: string;
}

export class TagValueView {
  @ApiProperty() value: string;
}

export class ListTagValuesResponse {
  @ApiProperty({ type: [TagValueView] }) tags: TagValueView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

/** Largest count one trackAnalytics call may add. */
export const MAX_ANALYTICS_COUNT = 1_000_000;

export class TrackAnalyticsBody {
  @ApiProperty({ minLength: 1, maxLength: 200, description: 'Name of the custom analytics counter' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name: string;

  @ApiProperty({ minimum: 1, maximum: MAX_ANALYTICS_COUNT, description: 'How much to add to it' })
  @IsInt()
  @Min(1)
  @Max(MAX_ANALYTICS_COUNT)
  count: number;
}

export class CallActionBody {
  @ApiProperty({ maxLength: 200, description: 'Type of the action: `<integration alias>:<action name>`' })
  @IsString()
  @MaxLength(200)
  type: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Input of the action' })
  @IsJsonObject()
  input: Record<string, unknown>;
}

export class CallActionResponse {
  @ApiProperty({ type: 'object', additionalProperties: true }) output: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', properties: { cached: { type: 'boolean' } } }) meta: { cached: boolean };
}

/** A bot's activity over a period, from the runtime's data, for the admin API's getBotAnalytics. */
export class BotActivityQuery {
  @RequiredString(200)
  botId: string;

  @ApiProperty({ format: 'date-time', description: 'Start (inclusive)' })
  @IsISO8601({ strict: true })
  startDate: string;

  @ApiProperty({ format: 'date-time', description: 'End (inclusive)' })
  @IsISO8601({ strict: true })
  endDate: string;
}

/** What happened in one UTC day of the period (only the part of the day within it). */
export class DayActivity {
  @ApiProperty({ format: 'date-time', description: 'Start of the UTC day' }) day: string;
  @ApiProperty() newUsers: number;
  @ApiProperty({ description: 'Users created before the period (or before that day) who wrote that day' }) returningUsers: number;
  @ApiProperty({ description: 'Conversations in which a user wrote that day' }) sessions: number;
  @ApiProperty() userMessages: number;
  @ApiProperty() botMessages: number;
  @ApiProperty() events: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } }) eventTypes: Record<string, number>;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    description: 'Counters added with trackAnalytics, by the hours that start that day',
  })
  customEvents: Record<string, number>;
}

export class BotActivityResponse {
  @ApiProperty({ type: [DayActivity], description: 'The days with any activity, oldest first' }) days: DayActivity[];
}
