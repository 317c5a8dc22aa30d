import { Controller } from '@nestjs/common';
import { toWebchatConversationView, toWebchatMessageView, toWebchatUserView, WebchatOperations as Webchat } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { ConversationsService } from '../conversations/conversations.service';
import { MessagesService } from '../messages/messages.service';
import { ParticipantsService } from '../participants/participants.service';

type Request<O extends (typeof Webchat)[keyof typeof Webchat]> = OperationRequest<O, ChatAccess>;

/** Conversations, their participants and message lists, in the web chat's shapes; the rules are the chat API's. */
@Controller()
export class WebchatConversationsController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly participants: ParticipantsService,
    private readonly messages: MessagesService,
  ) {}

  @Handles(Webchat.createConversation)
  async create({ access }: Request<typeof Webchat.createConversation>) {
    return { conversation: toWebchatConversationView(await this.conversations.create(access)) };
  }

  @Handles(Webchat.getConversation)
  async get({ access, input }: Request<typeof Webchat.getConversation>) {
    return { conversation: toWebchatConversationView(await this.conversations.require(access, input.id)) };
  }

  @Handles(Webchat.listConversations)
  async list({ access, input }: Request<typeof Webchat.listConversations>) {
    const { conversations, meta } = await this.conversations.list(access, input);
    return { conversations: conversations.map(toWebchatConversationView), meta };
  }

  @Handles(Webchat.deleteConversation)
  delete({ access, input }: Request<typeof Webchat.deleteConversation>) {
    return this.conversations.delete(access, input.id);
  }

  @Handles(Webchat.listenConversation)
  listen({ access, input }: Request<typeof Webchat.listenConversation>) {
    return this.conversations.listen(access, input.id, 'webchat');
  }

  /** Newest first, as the widget reads them. */
  @Handles(Webchat.listMessages)
  async listMessages({ access, input: { id, ...page } }: Request<typeof Webchat.listMessages>) {
    const { messages, meta } = await this.messages.listRecent(access, id, page);
    return { messages: messages.map(toWebchatMessageView), meta };
  }

  @Handles(Webchat.addParticipant)
  async addParticipant({ access, input }: Request<typeof Webchat.addParticipant>) {
    return { participant: toWebchatUserView(await this.participants.add(access, input.id, input.userId)) };
  }

  @Handles(Webchat.getParticipant)
  async getParticipant({ access, input }: Request<typeof Webchat.getParticipant>) {
    return { participant: toWebchatUserView(await this.participants.get(access, input.id, input.userId)) };
  }

  @Handles(Webchat.listParticipants)
  async listParticipants({ access, input: { id, ...page } }: Request<typeof Webchat.listParticipants>) {
    const { participants, meta } = await this.participants.list(access, id, page);
    return { participants: participants.map(toWebchatUserView), meta };
  }

  @Handles(Webchat.removeParticipant)
  removeParticipant({ access, input }: Request<typeof Webchat.removeParticipant>) {
    return this.participants.remove(access, input.id, input.userId);
  }
}
