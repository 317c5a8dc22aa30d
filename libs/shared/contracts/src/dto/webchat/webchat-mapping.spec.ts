import { messagePayloadProblem } from '../chat/message-payload';
import { fromChatPayload, toChatMessageView } from '../chat/chat-mapping';
import type { RuntimeMessageView, RuntimeUserView } from '../runtime/runtime-views';
import { toWebchatMessageView, toWebchatPayload, toWebchatSignals, toWebchatUserView } from './webchat-mapping';

const message = (type: string, payload: Record<string, unknown>, tags: Record<string, string> = {}): RuntimeMessageView => ({
  id: 'msg_1',
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  type,
  payload,
  direction: 'outgoing',
  userId: 'bot',
  conversationId: 'conv_1',
  tags,
});

const user: RuntimeUserView = {
  id: 'u1',
  createdAt: 'c',
  updatedAt: 'u',
  tags: { data: '{"plan":"pro"}', attributes: '{"lang":"fr"}', profile: 'p' },
  name: 'Ada',
};

const ITEMS = [
  { type: 'text', payload: { text: 'one' } },
  { type: 'image', payload: { imageUrl: 'https://example.com/a.png' } },
];

describe('the web chat mapping', () => {
  it('keeps bloc items as { type, payload } both ways, where the chat API flattens them', () => {
    const stored = fromChatPayload({ type: 'bloc', items: ITEMS }, { m: 1 }, 'webchat');
    expect(stored).toEqual({ type: 'bloc', payload: { items: ITEMS, metadata: { m: 1 } } });
    expect(toWebchatPayload(stored.type, stored.payload)).toEqual({ type: 'bloc', items: ITEMS });
    expect(toChatMessageView(message(stored.type, stored.payload)).payload).toEqual({
      type: 'bloc',
      items: [
        { type: 'text', text: 'one' },
        { type: 'image', imageUrl: 'https://example.com/a.png' },
      ],
    });
  });

  it('shows items stored flat (before the shapes migration) as { type, payload }', () => {
    expect(toWebchatPayload('bloc', { items: [{ type: 'text', text: 'old' }] })).toEqual({ type: 'bloc', items: [{ type: 'text', payload: { text: 'old' } }] });
  });

  it('lifts the metadata out of the payload, and shows feedback and replies from tags', () => {
    const view = toWebchatMessageView(message('text', { text: 'hi', metadata: { a: 1 } }, { feedback: 'positive', feedbackComment: 'nice', replyTo: 'msg_0' }));
    expect(view).toEqual({
      id: 'msg_1',
      createdAt: '2026-11-24T00:00:00.000Z',
      payload: { type: 'text', text: 'hi' },
      userId: 'bot',
      conversationId: 'conv_1',
      metadata: { a: 1 },
      replyTo: 'msg_0',
      feedback: { value: 'positive', comment: 'nice' },
    });
  });

  it('shows a user’s data and attributes, and nothing of other tags', () => {
    expect(toWebchatUserView(user)).toEqual({ id: 'u1', name: 'Ada', data: { plan: 'pro' }, attributes: { lang: 'fr' }, createdAt: 'c', updatedAt: 'u' });
  });

  it('turns each notice into the signals the widget reacts to', () => {
    const m = message('text', { text: 'hi' });
    expect(toWebchatSignals({ type: 'message_created', message: m }).map((s) => s.type)).toEqual(['message_created']);
    expect(toWebchatSignals({ type: 'message_updated', message: m }).map((s) => s.type)).toEqual(['message_updated']);
    expect(toWebchatSignals({ type: 'message_status_changed', message: m, status: 'processing' }).map((s) => s.type)).toEqual([
      'typing_started',
      'message_status_changed',
    ]);
    expect(toWebchatSignals({ type: 'message_status_changed', message: m, status: 'processed' }).map((s) => s.type)).toEqual([
      'message_status_changed',
      'typing_stopped',
    ]);
    expect(toWebchatSignals({ type: 'participant_added', conversationId: 'c', userId: 'u1', user })).toEqual([
      { type: 'participant_added', data: { conversationId: 'c', participant: toWebchatUserView(user) } },
    ]);
    expect(toWebchatSignals({ type: 'message_deleted', message: { id: 'm', conversationId: 'c', userId: 'u' } })).toEqual([]);
    const event = { id: 'e', createdAt: 'c', type: 'custom', payload: { a: 1 }, status: 'pending' as const, failureReason: null };
    expect(toWebchatSignals({ type: 'event_created', event, isBot: true })).toEqual([{ type: 'custom', data: { event: { a: 1 } } }]);
    expect(toWebchatSignals({ type: 'event_created', event, isBot: false })).toEqual([]);
  });
});

describe('the web chat payload dialect', () => {
  it('takes bloc items as { type, payload } and the custom variant, and refuses the chat API’s flat items', () => {
    expect(messagePayloadProblem({ type: 'bloc', items: ITEMS }, 'payload', 'webchat')).toBeUndefined();
    expect(messagePayloadProblem({ type: 'custom', url: 'https://example.com/c.js', name: 'Card' }, 'payload', 'webchat')).toBeUndefined();
    expect(messagePayloadProblem({ type: 'bloc', items: [{ type: 'text', text: 'flat' }] }, 'payload', 'webchat')).toBe(
      'payload.items[0].payload must be an object',
    );
    expect(messagePayloadProblem({ type: 'bloc', items: [{ type: 'text', payload: {} }] }, 'payload', 'webchat')).toBe(
      'payload.items[0].payload.text is required for a text message',
    );
    expect(messagePayloadProblem({ type: 'bloc', items: [{ type: 'card', payload: {} }] }, 'payload', 'webchat')).toMatch(
      /^payload\.items\[0\]\.type must be one of/,
    );
    expect(messagePayloadProblem({ type: 'custom', url: 'x', name: 'y' })).toMatch(/^payload\.type must be one of/);
  });
});
