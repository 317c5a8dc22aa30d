import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength, MinLength, registerDecorator, ValidateIf } from 'class-validator';
import { ListMetaDto, SizedPageQueryDto } from '../common/pagination.dto';
import { IsJsonObject } from '../common/validators';
import { EVENT_STATUSES, RuntimeEventView } from './runtime-views';
import { OptionalString } from '../common/fields';

/**
 * Refuses any value of a property the API defines but this platform does not implement, with a
 * message saying so (rather than the generic "should not exist" of an unknown property).
 */
function Unsupported(message: string): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    ValidateIf((_, value) => value !== undefined)(target, propertyName);
    registerDecorator({
      name: 'unsupported',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message },
      validator: { validate: () => false },
    });
  };
}

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

  @ApiPropertyOptional({ maxLength: 200, description: 'Message of the bot the event is about' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  messageId?: string;

  @ApiPropertyOptional({
    type: 'object',
    properties: { dateTime: { type: 'string', format: 'date-time' }, delay: { type: 'number' } },
    description: 'Not supported: events are recorded when they are created, so a request with a schedule is refused (400)',
  })
  @Unsupported('schedule is not supported: scheduled events are not available on this platform; send the event without schedule')
  schedule?: { dateTime?: string; delay?: number };
}

/** No event is ever scheduled here, but the filter is part of the API: it simply finds none. */
export const LISTED_EVENT_STATUSES = [...EVENT_STATUSES, 'scheduled'] as const;

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
