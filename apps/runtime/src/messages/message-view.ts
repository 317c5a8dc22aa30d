import { ChatMessageView, RuntimeMessageView } from '@platform/contracts';
import { MessageEntity } from './message.entity';

/**
 * Chat clients see the type inside the payload (`{ type: 'text', text }`); the runtime API keeps
 * it beside (`type: 'text', payload: { text }`), as the cloud APIs do.
 */
export function toChatMessageView(m: MessageEntity): ChatMessageView {
  return {
    id: m.id,
    createdAt: m.createdAt.toISOString(),
    payload: { ...m.payload, type: m.type },
    userId: m.userId,
    conversationId: m.conversationId,
    ...(m.metadata !== null ? { metadata: m.metadata } : {}),
  };
}

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
