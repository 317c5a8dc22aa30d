import { Controller } from '@nestjs/common';
import { AdminOperations as Admin } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { AccountEntity } from '../accounts/account.entity';
import { MembersService } from './members.service';

type Request<O extends (typeof Admin)[keyof typeof Admin]> = OperationRequest<O, WorkspaceAccess>;

@Controller()
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Handles(Admin.listWorkspaceMembers)
  list({ access, input }: Request<typeof Admin.listWorkspaceMembers>) {
    return this.members.list(access, input);
  }

  @Handles(Admin.getWorkspaceMember)
  own({ access }: Request<typeof Admin.getWorkspaceMember>) {
    return this.members.own(access);
  }

  @Handles(Admin.createWorkspaceMember)
  create({ access, input }: Request<typeof Admin.createWorkspaceMember>) {
    return this.members.create(access, input);
  }

  @Handles(Admin.updateWorkspaceMember)
  update({ access, input }: Request<typeof Admin.updateWorkspaceMember>) {
    return this.members.update(access, input);
  }

  @Handles(Admin.deleteWorkspaceMember)
  delete({ access, input }: Request<typeof Admin.deleteWorkspaceMember>) {
    return this.members.delete(access, input.id);
  }

  @Handles(Admin.listAccountInvitations)
  invitations({ access, input }: OperationRequest<typeof Admin.listAccountInvitations, AccountEntity>) {
    return this.members.invitations(access, input);
  }

  @Handles(Admin.acceptAccountInvitation)
  accept({ access, input }: OperationRequest<typeof Admin.acceptAccountInvitation, AccountEntity>) {
    return this.members.accept(access, input.id);
  }

  @Handles(Admin.declineAccountInvitation)
  decline({ access, input }: OperationRequest<typeof Admin.declineAccountInvitation, AccountEntity>) {
    return this.members.decline(access, input.id);
  }
}
