import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { FOREIGN_ID_PATTERN } from '../../ids';
import { ListMetaDto } from '../common/pagination.dto';
import { IsJsonObject } from '../common/validators';
import { ChatConversationView, ChatMessageView, ChatUserView } from './chat.dto';
import { RequiredString } from '../common/fields';

export class GetOrCreateChatConversationBody {
  @ApiProperty({ pattern: FOREIGN_ID_PATTERN.source, description: 'Id of the conversation to get, or to create under this id' })
  @IsString()
  @Matches(FOREIGN_ID_PATTERN, { message: '$property must match ^[a-zA-Z0-9_-]{1,100}$' })
  id: string;
}

export class AddChatParticipantBody {
  @RequiredString(200)
  userId: string;
}

export class CreateChatEventBody {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Custom JSON payload of the event' })
  @IsJsonObject()
  payload: Record<string, unknown>;

  @RequiredString(200)
  conversationId: string;
}

export class ChatEventView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload: Record<string, unknown>;
  @ApiProperty() conversationId: string;
  @ApiProperty() userId: string;
}

export class ChatEventResponse {
  @ApiProperty({ type: ChatEventView }) event: ChatEventView;
}

export class ChatParticipantResponse {
  @ApiProperty({ type: ChatUserView }) participant: ChatUserView;
}

export class ListChatConversationsResponse {
  @ApiProperty({ type: [ChatConversationView] }) conversations: ChatConversationView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

export class ListChatParticipantsResponse {
  @ApiProperty({ type: [ChatUserView] }) participants: ChatUserView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}

export class ListChatMessagesResponse {
  @ApiProperty({ type: [ChatMessageView] }) messages: ChatMessageView[];
  @ApiProperty({ type: ListMetaDto }) meta: ListMetaDto;
}
