import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { TablesRepository } from '../tables/tables.repository';

/** Asked by the admin service only, when a bot or its workspace is deleted; never routed from the gateway. */
@Controller()
export class BotTablesController {
  constructor(private readonly tables: TablesRepository) {}

  @Handles(Internal.purgeBotTables)
  async purge({ input }: OperationRequest<typeof Internal.purgeBotTables>) {
    // Jobs go with their tables; the files exports wrote are the files service's to purge.
    return { tables: await this.tables.purgeBot(input.botId) };
  }
}
