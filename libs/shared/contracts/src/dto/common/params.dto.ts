import { RequiredString } from './fields';

/** The path parameter of operations on one resource: `/…/{id}`. */
export class IdParams {
  @RequiredString(200)
  id: string;
}

/** `/conversations/{id}/participants/{userId}` of the runtime API. */
export class ConversationParticipantParams {
  @RequiredString(200)
  id: string;

  @RequiredString(200)
  userId: string;
}

/** `/conversations/{conversationId}/…` of the chat API. */
export class ChatConversationParams {
  @RequiredString(200)
  conversationId: string;
}

/** `/conversations/{conversationId}/participants/{userId}` of the chat API. */
export class ChatParticipantParams {
  @RequiredString(200)
  conversationId: string;

  @RequiredString(200)
  userId: string;
}
