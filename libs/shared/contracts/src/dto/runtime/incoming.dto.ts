import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsISO8601, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { OptionalString } from '../common/fields';
import { IsJsonObject } from '../common/validators';
import { GetOrCreateConversationBody } from './conversations.dto';
import { DiscriminateByTags, TagChanges } from './runtime-lists.dto';
import { RuntimeConversationView, RuntimeMessageView, RuntimeUserView } from './runtime-views';
import { GetOrCreateUserBody } from './users.dto';

/** The message of initializeIncomingMessage: found by its tags in the conversation, or created. */
export class IncomingMessageBody {
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsJsonObject()
  payload: Record<string, unknown>;

  @ApiProperty({ maxLength: 200, example: 'text' })
  @IsString()
  @MaxLength(200)
  type: string;

  @TagChanges(true)
  tags: Record<string, string | null>;

  @ApiPropertyOptional({ enum: ['synthetic'] })
  @IsOptional()
  @IsIn(['synthetic'])
  origin?: 'synthetic';

  @DiscriminateByTags()
  discriminateByTags?: string[];
}

/**
 * What an integration receives from its channel, in one call: the user (by id, or found by tags
 * or created), the conversation (likewise), the user made a participant, and the message.
 */
export class InitializeIncomingMessageBody {
  @OptionalString(200)
  userId?: string;

  @ApiPropertyOptional({ type: GetOrCreateUserBody })
  @IsOptional()
  @IsJsonObject()
  @ValidateNested()
  @Type(() => GetOrCreateUserBody)
  user?: GetOrCreateUserBody;

  @OptionalString(200)
  conversationId?: string;

  @ApiPropertyOptional({ type: GetOrCreateConversationBody })
  @IsOptional()
  @IsJsonObject()
  @ValidateNested()
  @Type(() => GetOrCreateConversationBody)
  conversation?: GetOrCreateConversationBody;

  @ApiPropertyOptional({ type: IncomingMessageBody })
  @IsOptional()
  @IsJsonObject()
  @ValidateNested()
  @Type(() => IncomingMessageBody)
  message?: IncomingMessageBody;
}

export class InitializeIncomingMessageResponse {
  @ApiProperty({ type: RuntimeUserView }) user: RuntimeUserView;
  /** As the reference's Conversation: without `messageCount`. */
  @ApiProperty({ type: RuntimeConversationView }) conversation: Omit<RuntimeConversationView, 'messageCount'>;
  @ApiPropertyOptional({ type: RuntimeMessageView }) message?: RuntimeMessageView;
}

/** One message of importMessages: created at `createdAt` unless one with matching tags exists. */
export class ImportedMessageBody extends IncomingMessageBody {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MaxLength(200)
  userId: string;

  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MaxLength(200)
  conversationId: string;

  @ApiProperty({ format: 'date-time', description: 'When the message was sent, in ISO 8601 format' })
  @IsISO8601({ strict: true })
  createdAt: string;
}

/** Most messages one importMessages call takes. */
export const MAX_IMPORTED_MESSAGES = 100;

export class ImportMessagesBody {
  @ApiProperty({ type: [ImportedMessageBody], minItems: 1, maxItems: MAX_IMPORTED_MESSAGES })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_IMPORTED_MESSAGES)
  @ValidateNested({ each: true })
  @Type(() => ImportedMessageBody)
  messages: ImportedMessageBody[];
}

export class ImportMessagesResponse {
  @ApiProperty({ type: [RuntimeMessageView] }) messages: RuntimeMessageView[];
}
