import { RuntimeStateResponse } from '@platform/contracts';
import { StateEntity } from './state.entity';

export function toRuntimeStateResponse(s: StateEntity): RuntimeStateResponse {
  return {
    state: {
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
      botId: s.botId,
      ...(s.type === 'conversation' ? { conversationId: s.ownerId } : {}),
      ...(s.type === 'user' ? { userId: s.ownerId } : {}),
      name: s.name,
      type: s.type,
      payload: s.payload,
      ...(s.expiry !== null && s.expiresAt !== null ? { expiry: s.expiry, expiresAt: s.expiresAt.toISOString() } : {}),
    },
    meta: { cached: false },
  };
}
