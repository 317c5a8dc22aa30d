import { toRuntimeStateResponse } from './state-view';
import { isLive, StateEntity } from './state.entity';

const at = new Date('2026-01-01T00:00:00.000Z');

function state(props: Partial<StateEntity> = {}): StateEntity {
  return {
    botId: 'bot',
    type: 'conversation',
    ownerId: 'conv',
    name: 'memory',
    id: 'state_1',
    payload: { a: 1 },
    expiry: null,
    expiresAt: null,
    createdAt: at,
    updatedAt: at,
    ...props,
  };
}

describe('isLive', () => {
  it('keeps a state without expiry forever', () => {
    expect(isLive(state(), new Date('2999-01-01T00:00:00.000Z'))).toBe(true);
  });

  it('counts a state as gone from the very millisecond it expires', () => {
    const expiresAt = new Date(at.getTime() + 1000);
    expect(isLive(state({ expiry: 1000, expiresAt }), new Date(expiresAt.getTime() - 1))).toBe(true);
    expect(isLive(state({ expiry: 1000, expiresAt }), expiresAt)).toBe(false);
  });

  it('counts no row as no state', () => {
    expect(isLive(null, at)).toBe(false);
  });
});

describe('toRuntimeStateResponse', () => {
  it('names the owner after the state type, and only for conversations and users', () => {
    expect(toRuntimeStateResponse(state({ type: 'conversation', ownerId: 'c1' })).state).toMatchObject({ conversationId: 'c1' });
    expect(toRuntimeStateResponse(state({ type: 'conversation' })).state).not.toHaveProperty('userId');
    expect(toRuntimeStateResponse(state({ type: 'user', ownerId: 'u1' })).state).toMatchObject({ userId: 'u1' });
    expect(toRuntimeStateResponse(state({ type: 'user' })).state).not.toHaveProperty('conversationId');
    for (const type of ['bot', 'task'] as const) {
      const view = toRuntimeStateResponse(state({ type })).state;
      expect(view).not.toHaveProperty('conversationId');
      expect(view).not.toHaveProperty('userId');
    }
  });

  it('shows expiry and expiresAt together, or neither', () => {
    expect(toRuntimeStateResponse(state()).state).not.toHaveProperty('expiry');
    expect(toRuntimeStateResponse(state()).state).not.toHaveProperty('expiresAt');
    const view = toRuntimeStateResponse(state({ expiry: 5000, expiresAt: new Date(at.getTime() + 5000) })).state;
    expect(view).toMatchObject({ expiry: 5000, expiresAt: '2026-01-01T00:00:05.000Z' });
  });

  it('answers in the shape of the official client, never cached', () => {
    expect(toRuntimeStateResponse(state())).toEqual({
      state: {
        id: 'state_1',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        botId: 'bot',
        conversationId: 'conv',
        name: 'memory',
        type: 'conversation',
        payload: { a: 1 },
      },
      meta: { cached: false },
    });
  });
});
