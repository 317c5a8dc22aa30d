import type { ConversationNotice } from '../runtime/conversation-notices';
import type { RuntimeConversationView, RuntimeEventView, RuntimeMessageView, RuntimeUserView } from '../runtime/runtime-views';
import type { WebchatConversationView, WebchatEventView, WebchatMessageView, WebchatUserView } from './webchat.dto';

/**
 * How the web chat's API (`@botpress/webchat-client`) shows the runtime's data. It stores what
 * the chat API stores, in the same runtime shapes (docs/architecture.md, "The chat integration"),
 * and differs only in the view: bloc items stay `{ type, payload }` (as the widget renders them),
 * a user carries `data` and `attributes`, a message its `feedback`.
 */

type Payload = Record<string, unknown>;

const isObject = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Runtime tags where the web chat keeps what the runtime has no field for. */
export const WebchatTags = {
  /** A user's data, as JSON. */
  userData: 'data',
  /** A user's attributes, as JSON. */
  userAttributes: 'attributes',
  /** A message's feedback: `positive` or `negative`, and its comment. */
  feedback: 'feedback',
  feedbackComment: 'feedbackComment',
  /** The message a message replies to. */
  replyTo: 'replyTo',
} as const;

/**
 * Runtime event types of the events a web chat visitor sends: custom events (as the chat API's),
 * and the opening of a conversation under the name bots made for the cloud's web chat listen for.
 */
export const WebchatEventTypes = { custom: 'custom', conversationStarted: 'webchat:conversationStarted' } as const;

const parseJsonTag = (value: string | undefined): Payload | undefined => {
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
};

/** A bloc item as the widget reads it, `{ type, payload }`, whether stored so or (before the shapes migration) flat. */
function toWebchatBlocItem(item: unknown): unknown {
  if (!isObject(item) || typeof item.type !== 'string') return item;
  if (isObject(item.payload)) return { type: item.type, payload: item.payload };
  const { type, ...fields } = item;
  return { type, payload: fields };
}

/** The web chat payload of a runtime message (metadata left out: it is the message's own field). */
export function toWebchatPayload(type: string, payload: Payload): Payload {
  const { metadata: _metadata, ...fields } = payload;
  const webchat: Payload = { ...fields, type };
  if (type === 'bloc' && Array.isArray(fields.items)) webchat.items = fields.items.map(toWebchatBlocItem);
  return webchat;
}

export function toWebchatMessageView(message: RuntimeMessageView): WebchatMessageView {
  const metadata = message.payload.metadata;
  const feedback = message.tags[WebchatTags.feedback];
  const comment = message.tags[WebchatTags.feedbackComment];
  return {
    id: message.id,
    createdAt: message.createdAt,
    payload: toWebchatPayload(message.type, message.payload),
    userId: message.userId,
    conversationId: message.conversationId,
    ...(isObject(metadata) ? { metadata } : {}),
    ...(message.tags[WebchatTags.replyTo] ? { replyTo: message.tags[WebchatTags.replyTo] } : {}),
    ...(feedback === 'positive' || feedback === 'negative' ? { feedback: { value: feedback, ...(comment ? { comment } : {}) } } : {}),
  };
}

export function toWebchatUserView(user: RuntimeUserView): WebchatUserView {
  const data = parseJsonTag(user.tags[WebchatTags.userData]);
  const attributes = parseJsonTag(user.tags[WebchatTags.userAttributes]) as Record<string, string> | undefined;
  return {
    id: user.id,
    ...(user.name !== undefined ? { name: user.name } : {}),
    ...(user.pictureUrl !== undefined ? { pictureUrl: user.pictureUrl } : {}),
    ...(data ? { data } : {}),
    ...(attributes ? { attributes } : {}),
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

export function toWebchatConversationView(conversation: RuntimeConversationView): WebchatConversationView {
  return { id: conversation.id, createdAt: conversation.createdAt, updatedAt: conversation.updatedAt };
}

/** A visitor's event: a custom event carries its data; the opening of a conversation, its status (`extra`). */
export function toWebchatEventView(event: RuntimeEventView, extra: Payload = {}): WebchatEventView {
  const started = event.type === WebchatEventTypes.conversationStarted;
  return {
    id: event.id,
    createdAt: event.createdAt,
    payload: started ? { type: 'conversation_started', data: extra } : { type: 'custom', data: event.payload },
    conversationId: event.conversationId ?? '',
    userId: event.userId ?? '',
  };
}

/** A live signal of the web chat's stream, as `@botpress/webchat-client` parses it. */
export interface WebchatSignal {
  type: string;
  data: unknown;
}

/**
 * The signals a web chat listener receives for a conversation notice: what the widget reacts to
 * (messages created and updated, the bot typing while it handles a message, participants, the
 * bot's custom events). Deletions and the visitor's own events have no web chat signal.
 */
export function toWebchatSignals(notice: ConversationNotice): WebchatSignal[] {
  switch (notice.type) {
    case 'message_created':
    case 'message_updated':
      return [{ type: notice.type, data: toWebchatMessageView(notice.message) }];
    case 'message_status_changed': {
      const statusChanged = { type: 'message_status_changed', data: { message: toWebchatMessageView(notice.message), newStatus: notice.status } };
      return notice.status === 'processing' ? [{ type: 'typing_started', data: {} }, statusChanged] : [statusChanged, { type: 'typing_stopped', data: {} }];
    }
    case 'participant_added':
      return [{ type: 'participant_added', data: { conversationId: notice.conversationId, participant: toWebchatUserView(notice.user) } }];
    case 'participant_removed':
      return [{ type: 'participant_removed', data: { conversationId: notice.conversationId, participantId: notice.userId } }];
    case 'event_created':
      return notice.isBot && notice.event.type === WebchatEventTypes.custom ? [{ type: 'custom', data: { event: notice.event.payload } }] : [];
    case 'message_deleted':
      return [];
  }
}
