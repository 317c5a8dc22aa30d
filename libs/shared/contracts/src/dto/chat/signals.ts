import { ChatMessageView } from './chat.dto';

/** The live signals of a conversation, in the JSON form `@botpress/chat`'s schemas parse. */
export type ChatSignal =
  | { type: 'message_created'; data: ChatMessageView & { isBot: boolean } }
  | { type: 'message_deleted'; data: { id: string; conversationId: string; userId: string } }
  | {
      type: 'event_created';
      data: { id: string | null; createdAt: string; payload: Record<string, unknown>; conversationId: string; userId: string; isBot: boolean };
    }
  | { type: 'participant_added'; data: { conversationId: string; participantId: string } }
  | { type: 'participant_removed'; data: { conversationId: string; participantId: string } };

/**
 * A grant to a live stream: the subject the gateway relays to the caller as server-sent events,
 * in the signals of the API that granted it.
 */
export interface StreamGrant {
  botId: string;
  conversationId: string;
  userId: string;
  /** Subject (without the deployment prefix) carrying the conversation's signals. */
  subject: string;
  /** Whose signals the notices become: the chat API's or the web chat's. */
  api: 'chat' | 'webchat';
  /** The webhook the stream was granted through: when its settings change, the grant is checked again. */
  webhookId: string;
  /** The user key the grant rests on (the stream's own credential, issued by the grant itself for a new web chat visitor). */
  userKey: string;
  /** A first event written before any notice (the web chat's `init`). */
  initial?: { type: string; data: unknown };
}
