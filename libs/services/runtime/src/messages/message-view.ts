import { RuntimeMessageView } from '@platform/contracts';
import { MessageEntity } from './message.entity';

export function toRuntimeMessageView(m: MessageEntity): RuntimeMessageView {
  return {
    id: m.id,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    type: m.type,
    payload: m.payload,
    direction: m.direction,
    userId: m.userId,
    conversationId: m.conversationId,
    tags: m.tags,
  };
}
