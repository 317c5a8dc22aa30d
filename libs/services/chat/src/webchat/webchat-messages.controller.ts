import { Controller } from '@nestjs/common';
import { Errors, fromChatPayload, toWebchatMessageView, WebchatOperations as Webchat, WebchatTags } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { MessagesService } from '../messages/messages.service';

type Request<O extends (typeof Webchat)[keyof typeof Webchat]> = OperationRequest<O, ChatAccess>;

/**
 * Messages in the web chat's shapes: its payloads map to the runtime's as the chat API's do (the
 * metadata inside the payload), except that bloc items already are `{ type, payload }`.
 */
@Controller()
export class WebchatMessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Handles(Webchat.createMessage)
  async create({ access, input }: Request<typeof Webchat.createMessage>) {
    const tags: Record<string, string> = input.replyTo !== undefined ? { [WebchatTags.replyTo]: input.replyTo } : {};
    const message = await this.messages.create(access, input.conversationId, fromChatPayload(input.payload, input.metadata, 'webchat'), tags);
    return { message: toWebchatMessageView(message) };
  }

  @Handles(Webchat.getMessage)
  async get({ access, input }: Request<typeof Webchat.getMessage>) {
    return { message: toWebchatMessageView(await this.messages.get(access, input.id)) };
  }

  /** The author replaces the payload or the metadata; what is not given stays. */
  @Handles(Webchat.updateMessage)
  async update({ access, input }: Request<typeof Webchat.updateMessage>) {
    if (input.payload === undefined && input.metadata === undefined) throw Errors.invalidPayload('Give a payload, metadata, or both');
    const current = await this.messages.requireAuthor(access, input.id, 'edit');
    const { metadata: currentMetadata, ...currentFields } = current.payload;
    const next = input.payload ? fromChatPayload(input.payload, undefined, 'webchat') : { type: current.type, payload: currentFields };
    if (next.type !== current.type) throw Errors.invalidPayload(`payload.type cannot change (the message is a ${current.type} message)`);
    const metadata = input.metadata ?? currentMetadata;
    const payload = metadata !== undefined ? { ...next.payload, metadata } : next.payload;
    return { message: toWebchatMessageView(await this.messages.update(access, input.id, { payload })) };
  }

  @Handles(Webchat.deleteMessage)
  delete({ access, input }: Request<typeof Webchat.deleteMessage>) {
    return this.messages.delete(access, input.id);
  }

  /** Feedback on any message of a conversation the user takes part in, kept in the message's tags. */
  @Handles(Webchat.addMessageFeedback)
  async addFeedback({ access, input }: Request<typeof Webchat.addMessageFeedback>) {
    await this.messages.update(access, input.id, { tags: { [WebchatTags.feedback]: input.value, [WebchatTags.feedbackComment]: input.comment ?? null } });
    return {};
  }

  @Handles(Webchat.removeMessageFeedback)
  async removeFeedback({ access, input }: Request<typeof Webchat.removeMessageFeedback>) {
    await this.messages.update(access, input.id, { tags: { [WebchatTags.feedback]: null, [WebchatTags.feedbackComment]: null } });
    return {};
  }
}
