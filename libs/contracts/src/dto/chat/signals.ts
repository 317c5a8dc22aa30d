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
 * What travels on a conversation's signal subject. `closeFor` ends the streams of listeners who
 * must receive nothing more: one removed user, or everyone when the conversation is deleted.
 */
export interface SignalEnvelope {
  signal?: ChatSignal;
  closeFor?: { userId: string } | 'everyone';
}

/** The chat service's answer when a user asks to listen to a conversation. */
export interface ListenGrant {
  botId: string;
  conversationId: string;
  userId: string;
  /** Subject (without the deployment prefix) carrying the conversation's signals. */
  subject: string;
}
