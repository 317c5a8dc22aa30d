import { RuntimeEventView, RuntimeMessageView, RuntimeUserView } from './runtime-views';

/** Where an incoming message stands with the bot: being delivered, handled, waiting for a retry, or given up. */
export type MessageProcessingStatus = 'processing' | 'processed' | 'pending' | 'failed';

/**
 * What happened in a conversation, in the runtime's own shapes, published by the runtime after
 * the change is stored (docs/architecture.md, "Live streams"). Each API serving end users turns
 * these into its own signals (`toChatSignal` for the chat API, `toWebchatSignals` for the web
 * chat's), leaving out those it has no signal for.
 */
export type ConversationNotice =
  | { type: 'message_created'; message: RuntimeMessageView }
  | { type: 'message_updated'; message: RuntimeMessageView }
  | { type: 'message_deleted'; message: Pick<RuntimeMessageView, 'id' | 'conversationId' | 'userId'> }
  /** The delivery of an incoming message to the bot started or ended: the web chat shows the bot typing meanwhile. */
  | { type: 'message_status_changed'; message: RuntimeMessageView; status: MessageProcessingStatus }
  | { type: 'event_created'; event: RuntimeEventView; isBot: boolean }
  | { type: 'participant_added'; conversationId: string; userId: string; user: RuntimeUserView }
  | { type: 'participant_removed'; conversationId: string; userId: string };

/**
 * What travels on a conversation's notice subject. `closeFor` ends the streams of listeners who
 * must receive nothing more: one removed user, or everyone when the conversation is deleted.
 */
export interface NoticeEnvelope {
  notice?: ConversationNotice;
  closeFor?: { userId: string } | 'everyone';
}
