import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNumber, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { FOREIGN_ID_PATTERN } from '../../ids';
import { ListMetaDto } from '../common/pagination.dto';
import { OmittableString, OptionalString, RequiredString } from '../common/fields';
import { IsJsonObject, IsOmittable, IsUserAttributeChanges, IsUserAttributes, IsUserData, IsUserDataOrNull } from '../common/validators';
import { IsMessagePayload } from '../chat/message-payload';

/**
 * Shapes of the web chat's API (`/webchat/{clientId}/…`), as `@botpress/webchat-client` sends and
 * reads them (docs/contracts.md, "The web chat's API").
 */

export class WebchatUserView {
  @ApiProperty() id: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() pictureUrl?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'User data given by the page' }) data?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'string' } }) attributes?: Record<string, string>;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class WebchatConversationView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class WebchatFeedbackView {
  @ApiProperty({ enum: ['positive', 'negative'] }) value: 'positive' | 'negative';
  @ApiPropertyOptional() comment?: string;
}

export class WebchatMessageView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Bloc items are `{ type, payload }`' }) payload: Record<string, unknown>;
  @ApiProperty() userId: string;
  @ApiProperty() conversationId: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true }) metadata?: Record<string, unknown>;
  @ApiPropertyOptional() replyTo?: string;
  @ApiPropertyOptional({ type: WebchatFeedbackView }) feedback?: WebchatFeedbackView;
}

export class WebchatEventView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: '`{ type: "custom" | "conversation_started", data }`' })
  payload: { type: string; data: Record<string, unknown> };
  @ApiProperty() conversationId: string;
  @ApiProperty() userId: string;
}

/** User data and attributes come as an object, or as a JWT signed with the integration's encryption key. */
export class CreateWebchatUserBody {
  @OptionalString(200)
  name?: string;

  @OptionalString(2000)
  pictureUrl?: string;

  @ApiPropertyOptional({ description: 'An object, or a JWT (HS256) signed with the encryption key whose claims are the data' })
  @IsOmittable()
  @IsUserData()
  userData?: Record<string, unknown> | string;

  @ApiPropertyOptional({ description: 'Attributes (string values), or a JWT (HS256) signed with the encryption key whose claims are the attributes' })
  @IsOmittable()
  @IsUserAttributes()
  attributes?: Record<string, string> | string;
}

/** As creation; `userData: null` clears the data, an attribute set to null is removed. */
export class UpdateWebchatUserBody {
  @OptionalString(200)
  name?: string;

  @OptionalString(2000)
  pictureUrl?: string;

  @ApiPropertyOptional({ description: 'An object, a signed JWT, or null to clear' })
  @IsOmittable()
  @IsUserDataOrNull()
  userData?: Record<string, unknown> | string | null;

  @ApiPropertyOptional({ description: 'Attributes to set (null removes one), or a signed JWT' })
  @IsOmittable()
  @IsUserAttributeChanges()
  attributes?: Record<string, string | null> | string;
}

export class GenerateUserKeyBody {
  @ApiProperty({ pattern: FOREIGN_ID_PATTERN.source, description: 'Id of the user the key is for (created on first use)' })
  @IsString()
  @Matches(FOREIGN_ID_PATTERN, { message: '$property must match ^[a-zA-Z0-9_-]{1,100}$' })
  id: string;

  @ApiPropertyOptional({ description: 'Expiry of the key, in milliseconds since the Unix epoch' })
  @IsOmittable()
  @IsInt()
  @Min(0)
  @Max(8.64e15)
  expiresAt?: number;
}

export class CreateWebchatConversationBody {
  @OmittableString(100)
  _?: string;
}

export class CreateWebchatMessageBody {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'One of: text, markdown, image, audio, video, file, location, card, carousel, choice, dropdown, bloc (items as `{ type, payload }`), custom',
  })
  @IsMessagePayload('webchat')
  payload: Record<string, unknown>;

  @RequiredString(200)
  conversationId: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Travels inside the runtime payload (`payload.metadata`)' })
  @IsOmittable()
  @IsJsonObject()
  metadata?: Record<string, unknown>;

  @OmittableString(200)
  replyTo?: string;
}

export class UpdateWebchatMessageBody {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Replaces the payload' })
  @IsOmittable()
  @IsMessagePayload('webchat')
  payload?: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Replaces the metadata' })
  @IsOmittable()
  @IsJsonObject()
  metadata?: Record<string, unknown>;
}

export class MessageFeedbackBody {
  @ApiProperty({ enum: ['positive', 'negative'] })
  @IsIn(['positive', 'negative'])
  value: 'positive' | 'negative';

  @OmittableString(2000)
  comment?: string;
}

export const WEBCHAT_EVENT_TYPES = ['custom', 'conversation_started'] as const;

export class WebchatEventPayload {
  @ApiProperty({ enum: WEBCHAT_EVENT_TYPES })
  @IsIn(WEBCHAT_EVENT_TYPES)
  type: (typeof WEBCHAT_EVENT_TYPES)[number];

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsJsonObject()
  data: Record<string, unknown>;
}

export class CreateWebchatEventBody {
  @ApiProperty({ type: WebchatEventPayload })
  @IsJsonObject()
  @ValidateNested()
  @Type(() => WebchatEventPayload)
  payload: WebchatEventPayload;

  @RequiredString(200)
  conversationId: string;

  @ApiPropertyOptional({ description: 'Accepted for compatibility; events are always bound to the conversation' })
  @IsOmittable()
  @IsBoolean()
  bindConversation?: boolean;

  @ApiPropertyOptional({ description: 'Accepted for compatibility; events are always bound to the user' })
  @IsOmittable()
  @IsBoolean()
  bindUser?: boolean;
}

/** The widget's performance report: accepted and logged at debug level, never refused for its content. */
export class PerfMetricsBody {
  @ApiPropertyOptional()
  @IsOmittable()
  @IsNumber()
  duration?: number;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  event?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOmittable()
  @IsJsonObject()
  properties?: Record<string, unknown>;
}

export class InitializeQuery {
  @ApiPropertyOptional({ description: 'Conversation to resume; a new one is created without it' })
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  conversationId?: string;

  @ApiPropertyOptional({ description: 'Accepted for compatibility; the user is the one of the key' })
  @IsOmittable()
  @IsString()
  @MaxLength(200)
  userId?: string;
}

export class WebchatUserResponse {
  @ApiProperty({ type: WebchatUserView }) user: WebchatUserView;
}

export class WebchatUserWithKeyResponse extends WebchatUserResponse {
  @ApiProperty({ description: 'The user key, to send as x-user-key' }) key: string;
}

export class WebchatKeyResponse {
  @ApiProperty() key: string;
}

export class WebchatConversationResponse {
  @ApiProperty({ type: WebchatConversationView }) conversation: WebchatConversationView;
}

export class WebchatMessageResponse {
  @ApiProperty({ type: WebchatMessageView }) message: WebchatMessageView;
}

export class WebchatEventResponse {
  @ApiProperty({ type: WebchatEventView }) event: WebchatEventView;
}

export class WebchatParticipantResponse {
  @ApiProperty({ type: WebchatUserView }) participant: WebchatUserView;
}

export class ListWebchatConversationsResponse {
  @ApiProperty({ type: [WebchatConversationView] }) conversations: WebchatConversationView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

export class ListWebchatMessagesResponse {
  @ApiProperty({ type: [WebchatMessageView] }) messages: WebchatMessageView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

export class ListWebchatParticipantsResponse {
  @ApiProperty({ type: [WebchatUserView] }) participants: WebchatUserView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
