import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AdminCaller,
  CreateWorkspaceMemberBody,
  ListWorkspaceMembersQuery,
  ServiceRequest,
  Subjects,
  UpdateWorkspaceMemberBody,
} from '@platform/contracts';
import { MembersService } from './members.service';

type Request<T = Record<string, never>> = ServiceRequest<AdminCaller, T>;

@Controller()
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @MessagePattern(Subjects.admin.listWorkspaceMembers)
  list(@Payload() { caller, input }: Request<ListWorkspaceMembersQuery>) {
    return this.members.list(caller, input);
  }

  @MessagePattern(Subjects.admin.getWorkspaceMember)
  own(@Payload() { caller }: Request) {
    return this.members.own(caller);
  }

  @MessagePattern(Subjects.admin.createWorkspaceMember)
  create(@Payload() { caller, input }: Request<CreateWorkspaceMemberBody>) {
    return this.members.create(caller, input);
  }

  @MessagePattern(Subjects.admin.updateWorkspaceMember)
  update(@Payload() { caller, input }: Request<UpdateWorkspaceMemberBody & { id: string }>) {
    return this.members.update(caller, input);
  }

  @MessagePattern(Subjects.admin.deleteWorkspaceMember)
  delete(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.members.delete(caller, input.id);
  }
}
