import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AdminAuthGuard, Caller, WorkspaceOptional } from '@platform/auth';
import { AdminCaller, ListWorkspacesQuery, ListWorkspacesResponse, Subjects } from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { AdminHeaders } from './admin-headers.decorator';

@Controller('v1/admin/workspaces')
@UseGuards(AdminAuthGuard)
export class WorkspacesController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Get()
  @WorkspaceOptional()
  @AdminHeaders(false)
  @Operation('listWorkspaces', { summary: 'List the workspaces the caller belongs to', response: ListWorkspacesResponse })
  list(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Query() query: ListWorkspacesQuery) {
    return this.proxy.forward(Subjects.admin.listWorkspaces, requestId, caller, query);
  }
}
