import { Controller } from '@nestjs/common';
import { RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { BotParticipantsService } from './bot-participants.service';

type Request<O extends (typeof Runtime)[keyof typeof Runtime]> = OperationRequest<O, BotAccess>;

@Controller()
export class BotParticipantsController {
  constructor(private readonly participants: BotParticipantsService) {}

  @Handles(Runtime.listParticipants)
  list({ access, input: { id, ...page } }: Request<typeof Runtime.listParticipants>) {
    return this.participants.list(access, id, page);
  }

  @Handles(Runtime.addParticipant)
  add({ access, input }: Request<typeof Runtime.addParticipant>) {
    return this.participants.add(access, input.id, input.userId);
  }

  @Handles(Runtime.getParticipant)
  get({ access, input }: Request<typeof Runtime.getParticipant>) {
    return this.participants.get(access, input.id, input.userId);
  }

  @Handles(Runtime.removeParticipant)
  remove({ access, input }: Request<typeof Runtime.removeParticipant>) {
    return this.participants.remove(access, input.id, input.userId);
  }
}
