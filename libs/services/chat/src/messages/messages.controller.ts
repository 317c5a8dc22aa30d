import { Controller } from '@nestjs/common';
import { ChatOperations as Chat, fromChatPayload, toChatMessageView } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { MessagesService } from './messages.service';

type Request<O extends (typeof Chat)[keyof typeof Chat]> = OperationRequest<O, ChatAccess>;

@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Handles(Chat.createMessage)
  async create({ access, input }: Request<typeof Chat.createMessage>) {
    const message = await this.messages.create(access, input.conversationId, fromChatPayload(input.payload, input.metadata));
    return { message: toChatMessageView(message) };
  }

  @Handles(Chat.getMessage)
  async get({ access, input }: Request<typeof Chat.getMessage>) {
    return { message: toChatMessageView(await this.messages.get(access, input.id)) };
  }

  @Handles(Chat.listMessages)
  async list({ access, input: { conversationId, ...page } }: Request<typeof Chat.listMessages>) {
    const { messages, meta } = await this.messages.list(access, conversationId, page);
    return { messages: messages.map(toChatMessageView), meta };
  }

  @Handles(Chat.deleteMessage)
  delete({ access, input }: Request<typeof Chat.deleteMessage>) {
    return this.messages.delete(access, input.id);
  }
}
