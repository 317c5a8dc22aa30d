import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotLogsService } from './bot-logs.service';

@Controller()
export class BotLogsController {
  constructor(private readonly logs: BotLogsService) {}

  /** Asked by the admin service once it has checked the caller may read the bot. */
  @Handles(Internal.botLogs)
  list({ input }: OperationRequest<typeof Internal.botLogs>) {
    return this.logs.list(input);
  }

  @Handles(Internal.writeBotLogs)
  append({ input }: OperationRequest<typeof Internal.writeBotLogs>) {
    return this.logs.append(input.botId, input.lines);
  }
}
