import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { BotIssuesService } from './bot-issues.service';

type Request<O extends (typeof Admin)[keyof typeof Admin]> = OperationRequest<O, WorkspaceAccess>;

@Controller()
export class BotIssuesController {
  constructor(private readonly issues: BotIssuesService) {}

  @Handles(Admin.listBotIssues)
  list({ access, input }: Request<typeof Admin.listBotIssues>) {
    return this.issues.list(access, input.id);
  }

  @Handles(Admin.getBotIssue)
  get({ access, input }: Request<typeof Admin.getBotIssue>) {
    return this.issues.get(access, input.id, input.issueId);
  }

  @Handles(Admin.deleteBotIssue)
  delete({ access, input }: Request<typeof Admin.deleteBotIssue>) {
    return this.issues.delete(access, input.id, input.issueId);
  }

  @Handles(Admin.listBotIssueEvents)
  events({ access, input }: Request<typeof Admin.listBotIssueEvents>) {
    return this.issues.events(access, input.id, input.issueId);
  }
}
