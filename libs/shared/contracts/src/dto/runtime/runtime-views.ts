import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Shapes of the runtime API (`/v1/chat/*`) as `@botpress/client` parses them. */

const TAGS = { type: 'object', additionalProperties: { type: 'string' } } as const;

export class RuntimeUserView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty(TAGS) tags: Record<string, string>;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() pictureUrl?: string;
}

export class RuntimeConversationView {
  @ApiProperty() id: string;
  @ApiPropertyOptional() currentTaskId?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty() channel: string;
  @ApiProperty() integration: string;
  @ApiProperty(TAGS) tags: Record<string, string>;
  @ApiProperty() messageCount: number;
}

export class RuntimeMessageView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty() type: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload: Record<string, unknown>;
  @ApiProperty({ enum: ['incoming', 'outgoing'] }) direction: 'incoming' | 'outgoing';
  @ApiProperty() userId: string;
  @ApiProperty() conversationId: string;
  @ApiProperty(TAGS) tags: Record<string, string>;
}

export const EVENT_STATUSES = ['pending', 'processed', 'ignored', 'failed', 'scheduled', 'canceled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export class RuntimeEventView {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() type: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) payload: Record<string, unknown>;
  @ApiPropertyOptional() conversationId?: string;
  @ApiPropertyOptional() userId?: string;
  @ApiPropertyOptional() messageId?: string;
  @ApiProperty({ enum: EVENT_STATUSES }) status: EventStatus;
  @ApiProperty({ type: String, nullable: true }) failureReason: string | null;
}

/**
 * The event object given to bot code (docs/contracts.md, "Events"), posted to the bot's `url` as `{ event }`.
 */
export interface BotEvent {
  botId: string;
  conversationId?: string;
  createdOn: string;
  direction: 'incoming' | 'outgoing';
  id: string;
  integration?: string;
  kb?: { included: boolean; results?: unknown[] };
  messageId?: string;
  payload: Record<string, unknown>;
  preview: string;
  state: Record<string, unknown>;
  tags?: { conversation?: Record<string, string>; message?: Record<string, string>; user?: Record<string, string> };
  trigger?: { flowId: string; nodeId: string; conversationId?: string; eventName?: string; integration?: string; userId?: string };
  type: string;
  userId?: string;
}
