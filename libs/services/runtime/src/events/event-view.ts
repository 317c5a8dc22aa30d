import { RuntimeEventView } from '@platform/contracts';
import { EventEntity } from './event.entity';

export function toRuntimeEventView(e: EventEntity): RuntimeEventView {
  return {
    id: e.id,
    createdAt: e.createdAt.toISOString(),
    type: e.type,
    payload: e.payload,
    ...(e.conversationId ? { conversationId: e.conversationId } : {}),
    ...(e.userId ? { userId: e.userId } : {}),
    ...(e.messageId ? { messageId: e.messageId } : {}),
    status: e.status,
    failureReason: e.failureReason,
  };
}
