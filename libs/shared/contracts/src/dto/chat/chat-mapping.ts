import type { ConversationNotice } from '../runtime/conversation-notices';
import type { RuntimeConversationView, RuntimeEventView, RuntimeMessageView, RuntimeUserView } from '../runtime/runtime-views';
import type { ChatConversationView, ChatMessageView, ChatUserView } from './chat.dto';
import type { ChatEventView } from './chat-resources.dto';
import type { ChatSignal } from './signals';
import type { PayloadDialect } from './message-payload';

/**
 * How the chat integration maps its API's shapes to the runtime's and back, as the cloud's chat
 * integration does:
 *
 * - a chat payload `{ type, ...fields }` is a runtime message `{ type, payload: fields }`;
 * - a bloc's items are `{ type, payload }` in the runtime and flat again in the chat API;
 * - the chat message's `metadata` travels inside the runtime payload and is lifted out again;
 * - a user's `profile` is its `profile` tag; a conversation's owner its `owner` tag.
 */

type Payload = Record<string, unknown>;

const isObject = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The runtime message for a chat payload and its metadata. Bloc items arrive flat from the chat
 * API and already as `{ type, payload }` from the web chat's (see `PayloadDialect`).
 */
export function fromChatPayload(chat: Payload, metadata?: Payload, dialect: PayloadDialect = 'chat'): { type: string; payload: Payload } {
  const { type, ...fields } = chat;
  const payload: Payload = { ...fields };
  if (type === 'bloc' && Array.isArray(fields.items) && dialect === 'chat') {
    payload.items = fields.items.map((item) => (isObject(item) ? fromChatPayload(item) : item));
  }
  if (metadata !== undefined) payload.metadata = metadata;
  return { type: String(type), payload };
}

/** The chat payload of a runtime message (metadata left out: it is the message's own field). */
export function toChatPayload(type: string, payload: Payload): Payload {
  const { metadata: _metadata, ...fields } = payload;
  const chat: Payload = { ...fields, type };
  if (type === 'bloc' && Array.isArray(fields.items)) chat.items = fields.items.map(toChatBlocItem);
  return chat;
}

/** A bloc item `{ type, payload }` as the chat API shows it, `{ type, ...fields }`; flat items stay as they are. */
function toChatBlocItem(item: unknown): unknown {
  if (!isObject(item) || typeof item.type !== 'string' || !isObject(item.payload)) return item;
  return { ...item.payload, type: item.type };
}

export function toChatMessageView(message: RuntimeMessageView): ChatMessageView {
  const metadata = message.payload.metadata;
  return {
    id: message.id,
    createdAt: message.createdAt,
    payload: toChatPayload(message.type, message.payload),
    userId: message.userId,
    conversationId: message.conversationId,
    ...(isObject(metadata) ? { metadata } : {}),
  };
}

export function toChatUserView(user: RuntimeUserView): ChatUserView {
  return {
    id: user.id,
    ...(user.name !== undefined ? { name: user.name } : {}),
    ...(user.pictureUrl !== undefined ? { pictureUrl: user.pictureUrl } : {}),
    ...(user.tags.profile !== undefined ? { profile: user.tags.profile } : {}),
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export function toChatConversationView(conversation: RuntimeConversationView): ChatConversationView {
  return { id: conversation.id, createdAt: conversation.createdAt, updatedAt: conversation.updatedAt };
}

/** Type of a chat user's custom event as the bot receives it: the chat integration's `custom` event. */
export const CHAT_CUSTOM_EVENT_TYPE = 'chat:custom';

/** A chat user's custom event carries what they sent in `payload.payload` (as the cloud's chat integration records it). */
export function toChatEventView(event: RuntimeEventView): ChatEventView {
  const sent = event.type === CHAT_CUSTOM_EVENT_TYPE && isObject(event.payload.payload) ? event.payload.payload : event.payload;
  return { id: event.id, createdAt: event.createdAt, payload: sent, conversationId: event.conversationId ?? '', userId: event.userId ?? '' };
}

/** The live signal a chat listener receives for a conversation notice; the chat API has none for edits and processing. */
export function toChatSignal(notice: ConversationNotice): ChatSignal | undefined {
  switch (notice.type) {
    case 'message_created':
      return { type: 'message_created', data: { ...toChatMessageView(notice.message), isBot: notice.message.direction === 'outgoing' } };
    case 'message_deleted':
      return { type: 'message_deleted', data: notice.message };
    case 'event_created':
      return { type: 'event_created', data: { ...toChatEventView(notice.event), isBot: notice.isBot } };
    case 'participant_added':
    case 'participant_removed':
      return { type: notice.type, data: { conversationId: notice.conversationId, participantId: notice.userId } };
    case 'message_updated':
    case 'message_status_changed':
      return undefined;
  }
}
