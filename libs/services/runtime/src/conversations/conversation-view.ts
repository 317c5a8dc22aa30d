import { RuntimeConversationView } from '@platform/contracts';
import { ConversationEntity } from './conversation.entity';

export function toRuntimeConversationView(c: ConversationEntity): RuntimeConversationView {
  return {
    id: c.id,
    ...(c.currentTaskId ? { currentTaskId: c.currentTaskId } : {}),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    channel: c.channel,
    integration: c.integration ?? '',
    tags: c.tags,
    messageCount: c.messageCount,
  };
}
