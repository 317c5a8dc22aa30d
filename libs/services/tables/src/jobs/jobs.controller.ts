import { Controller } from '@nestjs/common';
import { BotAccess } from '@platform/bot-access';
import { TablesOperations as Tables } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { JobsService } from './jobs.service';

type Request<O extends (typeof Tables)[keyof typeof Tables]> = OperationRequest<O, BotAccess>;

@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Handles(Tables.exportTable)
  export({ access, input }: Request<typeof Tables.exportTable>) {
    return this.jobs.export(access, input.table, input);
  }

  @Handles(Tables.importTable)
  import({ access, input }: Request<typeof Tables.importTable>) {
    return this.jobs.import(access, input.table, input.fileId);
  }

  @Handles(Tables.getTableJobs)
  list({ access, input }: Request<typeof Tables.getTableJobs>) {
    return this.jobs.list(access, input.table);
  }
}
