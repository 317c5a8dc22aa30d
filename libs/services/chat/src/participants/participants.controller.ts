import { Controller } from '@nestjs/common';
import { ChatOperations as Chat, toChatUserView } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { ChatAccess } from '../access/chat-access.policy';
import { ParticipantsService } from './participants.service';

type Request<O extends (typeof Chat)[keyof typeof Chat]> = OperationRequest<O, ChatAccess>;

@Controller()
export class ParticipantsController {
  constructor(private readonly participants: ParticipantsService) {}

  @Handles(Chat.addParticipant)
  async add({ access, input }: Request<typeof Chat.addParticipant>) {
    return { participant: toChatUserView(await this.participants.add(access, input.conversationId, input.userId)) };
  }

  @Handles(Chat.getParticipant)
  async get({ access, input }: Request<typeof Chat.getParticipant>) {
    return { participant: toChatUserView(await this.participants.get(access, input.conversationId, input.userId)) };
  }

  @Handles(Chat.listParticipants)
  async list({ access, input: { conversationId, ...page } }: Request<typeof Chat.listParticipants>) {
    const { participants, meta } = await this.participants.list(access, conversationId, page);
    return { participants: participants.map(toChatUserView), meta };
  }

  @Handles(Chat.removeParticipant)
  remove({ access, input }: Request<typeof Chat.removeParticipant>) {
    return this.participants.remove(access, input.conversationId, input.userId);
  }
}
