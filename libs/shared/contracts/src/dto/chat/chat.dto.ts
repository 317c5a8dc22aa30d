import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FOREIGN_ID_PATTERN } from '../../ids';
import { IsJsonObject, IsOmittable } from '../common/validators';
import { IsMessagePayload } from './message-payload';
import { OptionalString, RequiredString } from '../common/fields';

const FOREIGN_ID_MESSAGE = { message: '$property must match ^[a-zA-Z0-9_-]{1,100}$' };

export class UserProfileBody {
  @OptionalString(200)
  name?: string;

  @OptionalString(2000)
  pictureUrl?: string;

  @ApiPropertyOptional({ maxLength: 10000, description: 'Free-form profile text' })
  @IsOptional()
  @IsString()
  @MaxLength(10000)
  profile?: string;
}

export class CreateChatUserBody extends UserProfileBody {
  @ApiPropertyOptional({ pattern: FOREIGN_ID_PATTERN.source, description: 'Caller-chosen id of the user' })
  @IsOptional()
  @IsString()
  @Matches(FOREIGN_ID_PATTERN, FOREIGN_ID_MESSAGE)
  id?: string;
}

export class CreateChatConversationBody {
  @ApiPropertyOptional({ pattern: FOREIGN_ID_PATTERN.source, description: 'Caller-chosen id of the conversation' })
  @IsOptional()
  @IsString()
  @Matches(FOREIGN_ID_PATTERN, FOREIGN_ID_MESSAGE)
  id?: string;
}

export class CreateChatMessageBody {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'One of the payload variants: text, markdown, image, audio, video, file, location, card, carousel, choice, dropdown, bloc',
  })
  @IsMessagePayload()
  payload: Record<string, unknown>;

  @RequiredString(200)
  conversationId: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Travels inside the runtime payload (`payload.metadata`) and is lifted out again in the chat API',
  })
  @IsOmittable()
  @IsJsonObject()
  metadata?: Record<string, unknown>;
}

export class ChatUserView {
  @ApiProperty() id: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() pictureUrl?: string;
  @ApiPropertyOptional() profile?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class ChatConversationView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class ChatMessageView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload: Record<string, unknown>;
  @ApiProperty() userId: string;
  @ApiProperty() conversationId: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) metadata?: Record<string, unknown>;
}

export class ChatUserResponse {
  @ApiProperty({ type: ChatUserView }) user: ChatUserView;
}

export class ChatUserWithKeyResponse extends ChatUserResponse {
  @ApiProperty({ description: 'The user key, to send as x-user-key' }) key: string;
}

export class ChatConversationResponse {
  @ApiProperty({ type: ChatConversationView }) conversation: ChatConversationView;
}

export class ChatMessageResponse {
  @ApiProperty({ type: ChatMessageView }) message: ChatMessageView;
}
