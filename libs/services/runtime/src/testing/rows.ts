import { ConversationEntity } from '../conversations/conversation.entity';
import { UserEntity } from '../users/user.entity';

/**
 * Rows the repository tests on Postgres start from, complete with every column: a chat user and a
 * conversation of the chat integration, created at `createdAt`, with the given fields over them.
 * For tests only (not part of the library's build).
 */
export const userRow = (botId: string, id: string, createdAt: Date, fields: Partial<UserEntity> = {}): UserEntity => ({
  botId,
  id,
  integration: 'chat',
  name: null,
  pictureUrl: null,
  tags: {},
  createdAt,
  updatedAt: createdAt,
  ...fields,
});

export const conversationRow = (botId: string, id: string, createdAt: Date, fields: Partial<ConversationEntity> = {}): ConversationEntity => ({
  botId,
  id,
  integration: 'chat',
  channel: 'channel',
  currentTaskId: null,
  messageCount: 0,
  tags: { topic: 'billing' },
  createdAt,
  updatedAt: createdAt,
  ...fields,
});
