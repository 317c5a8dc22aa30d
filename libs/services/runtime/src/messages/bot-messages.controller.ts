import { Controller } from '@nestjs/common';
import { InternalOperations as Internal, RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { BotMessagesService } from './bot-messages.service';

type Request<O extends (typeof Runtime)[keyof typeof Runtime]> = OperationRequest<O, BotAccess>;

@Controller()
export class BotMessagesController {
  constructor(private readonly messages: BotMessagesService) {}

  @Handles(Runtime.createMessage)
  create({ access, input }: Request<typeof Runtime.createMessage>) {
    return this.messages.create(access, input);
  }

  @Handles(Runtime.importMessages)
  import({ access, input }: Request<typeof Runtime.importMessages>) {
    return this.messages.import(access, input);
  }

  @Handles(Runtime.getMessage)
  get({ access, input }: Request<typeof Runtime.getMessage>) {
    return this.messages.get(access, input.id);
  }

  @Handles(Runtime.listMessages)
  list({ access, input }: Request<typeof Runtime.listMessages>) {
    return this.messages.list(access, input);
  }

  @Handles(Internal.listRecentMessages)
  listRecent({ access, input }: OperationRequest<typeof Internal.listRecentMessages, BotAccess>) {
    return this.messages.listRecent(access, input);
  }

  @Handles(Runtime.getOrCreateMessage)
  getOrCreate({ access, input }: Request<typeof Runtime.getOrCreateMessage>) {
    return this.messages.getOrCreate(access, input);
  }

  @Handles(Runtime.updateMessage)
  update({ access, input: { id, ...changes } }: Request<typeof Runtime.updateMessage>) {
    return this.messages.update(access, id, changes);
  }

  @Handles(Runtime.deleteMessage)
  delete({ access, input }: Request<typeof Runtime.deleteMessage>) {
    return this.messages.delete(access, input.id);
  }
}
