import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminCaller, ListWorkspacesQuery, ServiceRequest, Subjects } from '@platform/contracts';
import { WorkspacesService } from './workspaces.service';

@Controller()
export class WorkspacesController {
  constructor(private readonly workspaces: WorkspacesService) {}

  @MessagePattern(Subjects.admin.listWorkspaces)
  list(@Payload() { caller, input }: ServiceRequest<AdminCaller, ListWorkspacesQuery>) {
    return this.workspaces.list(caller, input);
  }
}
