import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { ActionRunsService } from './action-runs.service';
import { BotAnalyticsService } from './bot-analytics.service';

type Request<O extends (typeof Admin)[keyof typeof Admin]> = OperationRequest<O, WorkspaceAccess>;

@Controller()
export class BotActivityController {
  constructor(
    private readonly analytics: BotAnalyticsService,
    private readonly actionRuns: ActionRunsService,
  ) {}

  @Handles(Admin.getBotAnalytics)
  getAnalytics({ access, input: { id, ...query } }: Request<typeof Admin.getBotAnalytics>) {
    return this.analytics.analytics(access, id, query);
  }

  @Handles(Admin.listActionRuns)
  listActionRuns({ access, input: { id, ...query } }: Request<typeof Admin.listActionRuns>) {
    return this.actionRuns.list(access, id, query);
  }
}
