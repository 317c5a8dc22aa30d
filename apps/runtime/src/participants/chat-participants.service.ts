import { Injectable } from '@nestjs/common';
import { ChatParticipantResponse, ChatScopedInput, Errors, ListChatParticipantsResponse, PageQueryDto } from '@platform/contracts';
import { pageMeta } from '@platform/persistence';
import { ChatConversationsService } from '../conversations/chat-conversations.service';
import { toChatUserView } from '../users/user-view';
import { ParticipantsService } from './participants.service';

type ParticipantInput = ChatScopedInput & { conversationId: string; participantId: string };

/** Who takes part in a conversation; only participants may see or change it. */
@Injectable()
export class ChatParticipantsService {
  constructor(
    private readonly chatConversations: ChatConversationsService,
    private readonly participants: ParticipantsService,
  ) {}

  async add(input: ParticipantInput): Promise<ChatParticipantResponse> {
    await this.chatConversations.requireParticipant(input.botId, input.conversationId, input.userId);
    return { participant: toChatUserView(await this.participants.add(input.botId, input.conversationId, input.participantId)) };
  }

  async get(input: ParticipantInput): Promise<ChatParticipantResponse> {
    await this.chatConversations.requireParticipant(input.botId, input.conversationId, input.userId);
    return { participant: toChatUserView(await this.participants.get(input.botId, input.conversationId, input.participantId)) };
  }

  async list(input: ChatScopedInput & PageQueryDto & { conversationId: string }): Promise<ListChatParticipantsResponse> {
    await this.chatConversations.requireParticipant(input.botId, input.conversationId, input.userId);
    const page = await this.participants.list(input.botId, input.conversationId, input);
    return { participants: page.items.map(toChatUserView), meta: pageMeta(page) };
  }

  /** A chat user may not remove the owner of a conversation. */
  async remove(input: ParticipantInput): Promise<Record<string, never>> {
    const conversation = await this.chatConversations.requireParticipant(input.botId, input.conversationId, input.userId);
    if (conversation.ownerId === input.participantId) {
      throw Errors.invalidPayload('The owner of a conversation cannot be removed from it');
    }
    await this.participants.remove(input.botId, input.conversationId, input.participantId);
    return {};
  }
}
