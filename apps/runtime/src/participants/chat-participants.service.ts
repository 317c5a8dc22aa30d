import { Injectable } from '@nestjs/common';
import { ChatParticipantResponse, ChatScopedInput, Errors, ListChatParticipantsResponse, PageQueryDto } from '@platform/contracts';
import { ChatConversationsService } from '../conversations/chat-conversations.service';
import { ConversationsRepository } from '../conversations/conversations.repository';
import { ConversationSignals } from '../signals/conversation-signals';
import { toChatUserView } from '../users/user-view';
import { UsersRepository } from '../users/users.repository';

type ParticipantInput = ChatScopedInput & { conversationId: string; participantId: string };

/** Who takes part in a conversation; only participants may see or change it. */
@Injectable()
export class ChatParticipantsService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly chatConversations: ChatConversationsService,
    private readonly users: UsersRepository,
    private readonly signals: ConversationSignals,
  ) {}

  async add(input: ParticipantInput): Promise<ChatParticipantResponse> {
    await this.chatConversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const user = await this.users.find(input.botId, input.participantId);
    if (!user) throw Errors.notFound('User', input.participantId);
    const added = await this.conversations.addParticipant({
      botId: input.botId,
      conversationId: input.conversationId,
      userId: user.id,
      createdAt: new Date(),
    });
    if (added) {
      this.signals.emit(input.botId, input.conversationId, {
        type: 'participant_added',
        data: { conversationId: input.conversationId, participantId: user.id },
      });
    }
    return { participant: toChatUserView(user) };
  }

  async get(input: ParticipantInput): Promise<ChatParticipantResponse> {
    await this.chatConversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const isParticipant = await this.conversations.isParticipant(input.botId, input.conversationId, input.participantId);
    const user = isParticipant ? await this.users.find(input.botId, input.participantId) : null;
    if (!user) throw Errors.notFound('Participant', input.participantId);
    return { participant: toChatUserView(user) };
  }

  async list(input: ChatScopedInput & PageQueryDto & { conversationId: string }): Promise<ListChatParticipantsResponse> {
    await this.chatConversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const page = await this.conversations.listParticipants(input.botId, input.conversationId, input);
    const users = await this.users.findMany(input.botId, page.items.map((p) => p.userId));
    return {
      participants: page.items.flatMap((p) => {
        const user = users.find((u) => u.id === p.userId);
        return user ? [toChatUserView(user)] : [];
      }),
      meta: page.nextToken ? { nextToken: page.nextToken } : {},
    };
  }

  /** Removing the owner is refused; a removed user's listeners are closed. */
  async remove(input: ParticipantInput): Promise<Record<string, never>> {
    const conversation = await this.chatConversations.requireParticipant(input.botId, input.conversationId, input.userId);
    if (conversation.ownerId === input.participantId) {
      throw Errors.invalidPayload('The owner of a conversation cannot be removed from it');
    }
    const removed = await this.conversations.removeParticipant(input.botId, input.conversationId, input.participantId);
    if (!removed) throw Errors.notFound('Participant', input.participantId);
    this.signals.emitAndClose(
      input.botId,
      input.conversationId,
      { type: 'participant_removed', data: { conversationId: input.conversationId, participantId: input.participantId } },
      { userId: input.participantId },
    );
    return {};
  }
}
