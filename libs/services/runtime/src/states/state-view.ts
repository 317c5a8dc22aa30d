import { RuntimeStateResponse, RuntimeStateWriteResponse } from '@platform/contracts';
import { StateEntity } from './state.entity';

/** What getState and getOrSetState answer: the state and `meta`. */
export function toRuntimeStateResponse(s: StateEntity): RuntimeStateResponse {
  return { ...toRuntimeStateWriteResponse(s), meta: { cached: false } };
}

/** What setState, patchState and setStateExpiry answer: the state alone, as the reference says. */
export function toRuntimeStateWriteResponse(s: StateEntity): RuntimeStateWriteResponse {
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
  };
}
