import { Controller } from '@nestjs/common';
import { InternalOperations as Internal } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { JobsRepository } from '../jobs/jobs.repository';
import { TablesRepository } from '../tables/tables.repository';

/** Asked by the admin service only, when a bot or its workspace is deleted; never routed from the gateway. */
@Controller()
export class BotTablesController {
  constructor(
    private readonly tables: TablesRepository,
    private readonly jobs: JobsRepository,
  ) {}

  @Handles(Internal.purgeBotTables)
  async purge({ input }: OperationRequest<typeof Internal.purgeBotTables>) {
    const tables = await this.tables.purgeBot(input.botId);
    await this.jobs.purgeBot(input.botId);
    return { tables };
  }
}
