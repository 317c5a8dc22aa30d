import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { AccountEntity } from '../accounts/account.entity';
import { UsagesService } from './usages.service';

type Request<O extends (typeof Admin)[keyof typeof Admin]> = OperationRequest<O, WorkspaceAccess>;

@Controller()
export class UsagesController {
  constructor(private readonly usages: UsagesService) {}

  @Handles(Admin.getAllWorkspaceQuotaCompletion)
  completion({ access }: OperationRequest<typeof Admin.getAllWorkspaceQuotaCompletion, AccountEntity>) {
    return this.usages.completion(access);
  }

  @Handles(Admin.listWorkspaceUsages)
  list({ access, input }: Request<typeof Admin.listWorkspaceUsages>) {
    return this.usages.usages(access, input.type, input.period);
  }

  @Handles(Admin.getWorkspaceQuota)
  quota({ access, input }: Request<typeof Admin.getWorkspaceQuota>) {
    return this.usages.quota(access, input.type, input.period);
  }

  @Handles(Admin.listWorkspaceQuotas)
  quotas({ access, input }: Request<typeof Admin.listWorkspaceQuotas>) {
    return this.usages.quotas(access, input.period);
  }
}
