import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { AccountEntity } from '../accounts/account.entity';
import { WorkspacesService } from './workspaces.service';

type Request<O extends (typeof Admin)[keyof typeof Admin], A = WorkspaceAccess> = OperationRequest<O, A>;

@Controller()
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @Handles(Admin.listWorkspaces)
  list({ access, input }: Request<typeof Admin.listWorkspaces, AccountEntity>) {
    return this.workspaces.list(access, input);
  }

  @Handles(Admin.createWorkspace)
  create({ access, input }: Request<typeof Admin.createWorkspace, AccountEntity>) {
    return this.workspaces.create(access, input);
  }

  @Handles(Admin.getWorkspace)
  get({ access }: Request<typeof Admin.getWorkspace>) {
    return this.workspaces.get(access);
  }

  @Handles(Admin.updateWorkspace)
  update({ access, input }: Request<typeof Admin.updateWorkspace>) {
    return this.workspaces.update(access, input);
  }

  @Handles(Admin.deleteWorkspace)
  delete({ access }: Request<typeof Admin.deleteWorkspace>) {
    return this.workspaces.delete(access);
  }
}
