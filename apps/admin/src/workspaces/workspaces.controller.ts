import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminCaller, CreateWorkspaceBody, ListWorkspacesQuery, ServiceRequest, Subjects, UpdateWorkspaceBody } from '@platform/contracts';
import { WorkspacesService } from './workspaces.service';

type Request<T> = ServiceRequest<AdminCaller, T>;

@Controller()
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @MessagePattern(Subjects.admin.listWorkspaces)
  list(@Payload() { caller, input }: Request<ListWorkspacesQuery>) {
    return this.workspaces.list(caller, input);
  }

  @MessagePattern(Subjects.admin.createWorkspace)
  create(@Payload() { caller, input }: Request<CreateWorkspaceBody>) {
    return this.workspaces.create(caller, input);
  }

  @MessagePattern(Subjects.admin.getWorkspace)
  get(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.workspaces.get(caller, input.id);
  }

  @MessagePattern(Subjects.admin.updateWorkspace)
  update(@Payload() { caller, input }: Request<UpdateWorkspaceBody & { id: string }>) {
    return this.workspaces.update(caller, input);
  }

  @MessagePattern(Subjects.admin.deleteWorkspace)
  delete(@Payload() { caller, input }: Request<{ id: string }>) {
    return this.workspaces.delete(caller, input.id);
  }
}
