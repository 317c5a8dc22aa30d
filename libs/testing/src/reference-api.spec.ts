import { assertMatchesReference, referenceValidator } from './reference-api';

describe('the reference API description', () => {
  it('knows the operations of every family, preferring literal routes over parameters', () => {
    expect(referenceValidator('get', '/v1/chat/messages/msg_1')).toBeDefined();
    expect(referenceValidator('post', '/v1/chat/messages/get-or-create')).not.toBe(referenceValidator('post', '/v1/chat/messages'));
    expect(referenceValidator('get', '/v1/admin/bots/bot_1')).toBeDefined();
    expect(referenceValidator('get', '/v1/tables/my-table')).toBeDefined();
    expect(referenceValidator('get', '/v1/files/file_1')).toBeDefined();
    expect(referenceValidator('get', '/v1/nothing')).toBeUndefined();
  });

  it('accepts an answer of exactly the reference shape, and names every difference otherwise', () => {
    const message = {
      id: 'msg_01M84V5S24AA3YQ6W1HG12TXFK',
      createdAt: '2026-11-23T10:00:00.000Z',
      updatedAt: '2026-11-23T10:00:00.000Z',
      type: 'text',
      payload: { text: 'hi' },
      direction: 'incoming',
      userId: 'user_01M84V5S24AA3YQ6W1HG12TXFK',
      conversationId: 'conv_01M84V5S24AA3YQ6W1HG12TXFK',
      tags: {},
    };
    expect(() => assertMatchesReference('get', '/v1/chat/messages/msg_1', { message })).not.toThrow();
    expect(() => assertMatchesReference('get', '/v1/chat/messages/msg_1', { message: { ...message, invented: true } })).toThrow(
      /must NOT have additional properties 'invented'/,
    );
    expect(() => assertMatchesReference('get', '/v1/chat/messages/msg_1', { message: { ...message, direction: 'sideways' } })).toThrow(/direction/);
  });

  it('accepts the fields and operations the client declares beyond the description, and nothing more', () => {
    const state = {
      id: 'state_01M84V5S24AA3YQ6W1HG12TXFK',
      createdAt: '2026-11-23T10:00:00.000Z',
      updatedAt: '2026-11-23T10:00:00.000Z',
      botId: 'b4a5f1e2-0000-4000-8000-000000000001',
      name: 'memory',
      type: 'bot',
      payload: {},
    };
    const path = '/v1/chat/states/bot/b4a5f1e2-0000-4000-8000-000000000001/memory';
    expect(() => assertMatchesReference('post', path, { state: { ...state, expiry: 1000, expiresAt: '2026-11-23T10:00:01.000Z' } })).not.toThrow();
    // setState answers the state alone; getState adds `meta`.
    expect(() => assertMatchesReference('post', path, { state, meta: { cached: false } })).toThrow(/additional properties 'meta'/);
    expect(() => assertMatchesReference('get', path, { state, meta: { cached: false } })).not.toThrow();
    expect(() => assertMatchesReference('post', '/v1/admin/bots/b1/signing-secrets/rotate', { newSigningSecret: 's' })).not.toThrow();
    expect(() => assertMatchesReference('post', '/v1/admin/bots/b1/signing-secrets/rotate', { newSigningSecret: 's', old: 'x' })).toThrow();
  });
});
