import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotFilesService } from './bot-files.service';

/** Asked by the admin service only, which owns bots; never routed from the gateway. */
@Controller()
export class BotFilesController {
  constructor(private readonly files: BotFilesService) {}

  @Handles(Internal.purgeBotFiles)
  purge({ input }: OperationRequest<typeof Internal.purgeBotFiles>) {
    return this.files.purge(input.botId);
  }
}
