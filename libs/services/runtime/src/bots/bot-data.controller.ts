import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotDataService } from './bot-data.service';

/** Asked by the admin service only, which owns bots; never routed from the gateway. */
@Controller()
export class BotDataController {
  constructor(private readonly data: BotDataService) {}

  @Handles(Internal.purgeBot)
  purge({ input }: OperationRequest<typeof Internal.purgeBot>) {
    return this.data.purge(input.botId);
  }
}
