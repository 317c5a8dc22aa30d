import { Controller } from '@nestjs/common';
import { InternalOperations as Internal, RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { BotConversationsService } from './bot-conversations.service';

type Request<O extends (typeof Runtime)[keyof typeof Runtime] | (typeof Internal)[keyof typeof Internal]> = OperationRequest<O, BotAccess>;

@Controller()
export class BotConversationsController {
  constructor(private readonly conversations: BotConversationsService) {}

  @Handles(Runtime.createConversation)
  create({ access, input }: Request<typeof Runtime.createConversation>) {
    return this.conversations.create(access, input);
  }

  @Handles(Internal.createIntegrationConversation)
  createForIntegration({ access, input }: Request<typeof Internal.createIntegrationConversation>) {
    return this.conversations.createForIntegration(access, input);
  }

  @Handles(Runtime.getConversation)
  get({ access, input }: Request<typeof Runtime.getConversation>) {
    return this.conversations.get(access, input.id);
  }

  @Handles(Runtime.listConversations)
  list({ access, input }: Request<typeof Runtime.listConversations>) {
    return this.conversations.list(access, input);
  }

  @Handles(Runtime.getOrCreateConversation)
  getOrCreate({ access, input }: Request<typeof Runtime.getOrCreateConversation>) {
    return this.conversations.getOrCreate(access, input);
  }

  @Handles(Runtime.updateConversation)
  update({ access, input: { id, ...changes } }: Request<typeof Runtime.updateConversation>) {
    return this.conversations.update(access, id, changes);
  }

  @Handles(Runtime.deleteConversation)
  delete({ access, input }: Request<typeof Runtime.deleteConversation>) {
    return this.conversations.delete(access, input.id);
  }
}
