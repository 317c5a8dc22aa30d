import { Injectable } from '@nestjs/common';
import { RuntimeConversationView, StreamGrant, toWebchatConversationView, toWebchatMessageView, toWebchatUserView } from '@platform/contracts';
import { ChatAccess, VisitorAccess } from '../access/chat-access.policy';
import { ConversationsService } from '../conversations/conversations.service';
import { MessagesService } from '../messages/messages.service';
import { ParticipantsService } from '../participants/participants.service';
import { notFoundAsUndefined, UsersService } from '../users/users.service';

/**
 * Opens the web chat for a visitor: the user of their key (a new user and key for a first
 * visit), the conversation they name (a new one when they name none, or one that no longer
 * exists), and a live stream of it that starts with the `init` event the widget waits for.
 */
@Injectable()
export class WebchatSessions {
  constructor(
    private readonly users: UsersService,
    private readonly conversations: ConversationsService,
    private readonly messages: MessagesService,
    private readonly participants: ParticipantsService,
  ) {}

  async open(access: VisitorAccess, conversationId: string | undefined): Promise<StreamGrant> {
    const visitor = await this.visitor(access);
    const user = await this.users.getOrCreate(visitor);
    const conversation = await this.conversationFor(visitor, conversationId);
    const [{ messages }, { participants }] = await Promise.all([
      this.messages.listRecent(visitor, conversation.id, {}),
      this.participants.list(visitor, conversation.id, {}),
    ]);
    return {
      ...this.conversations.grant(visitor, conversation.id, 'webchat'),
      initial: {
        type: 'init',
        data: {
          conversation: toWebchatConversationView(conversation),
          messages: messages.map(toWebchatMessageView),
          participants: participants.map(toWebchatUserView),
          user: { ...toWebchatUserView(user), userKey: visitor.userKey },
        },
      },
    };
  }

  private async visitor(access: VisitorAccess): Promise<ChatAccess> {
    if (access.userId && access.userKey) return { webhook: access.webhook, userId: access.userId, userKey: access.userKey };
    const { user, key } = await this.users.create(access, {});
    return { webhook: access.webhook, userId: user.id, userKey: key };
  }

  private async conversationFor(visitor: ChatAccess, id: string | undefined): Promise<RuntimeConversationView> {
    const existing = id ? await this.conversations.require(visitor, id).catch(notFoundAsUndefined) : undefined;
    return existing ?? this.conversations.create(visitor);
  }
}
