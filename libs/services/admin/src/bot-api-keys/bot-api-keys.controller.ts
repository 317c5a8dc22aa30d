import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { BotApiKeysService } from './bot-api-keys.service';

type Request<O extends (typeof Admin)[keyof typeof Admin]> = OperationRequest<O, WorkspaceAccess>;

@Controller()
export class BotApiKeysController {
  constructor(private readonly keys: BotApiKeysService) {}

  @Handles(Admin.createBotApiKey)
  create({ access, input }: Request<typeof Admin.createBotApiKey>) {
    return this.keys.create(access, input);
  }

  @Handles(Admin.listBotApiKeys)
  list({ access, input }: Request<typeof Admin.listBotApiKeys>) {
    return this.keys.list(access, input);
  }

  @Handles(Admin.deleteBotApiKey)
  delete({ access, input }: Request<typeof Admin.deleteBotApiKey>) {
    return this.keys.delete(access, input.id);
  }
}
