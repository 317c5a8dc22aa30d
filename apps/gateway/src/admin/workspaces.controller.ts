import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { AdminAuthGuard, Caller, WorkspaceOptional } from '@platform/auth';
import {
  AdminCaller,
  CreateWorkspaceBody,
  GetAuditRecordsQuery,
  GetAuditRecordsResponse,
  ListWorkspacesQuery,
  ListWorkspacesResponse,
  Subjects,
  UpdateWorkspaceBody,
  WorkspaceIdParam,
  WorkspaceView,
} from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { AdminHeaders } from './admin-headers.decorator';

/**
 * Listing and creating workspaces involve no workspace yet; every other operation acts in the
 * one named by `x-workspace-id`, which must be the one in the path.
 */
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

  @Post()
  @WorkspaceOptional()
  @AdminHeaders(false)
  @Operation('createWorkspace', { summary: 'Create a workspace, owned by the caller', response: WorkspaceView })
  create(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Body() body: CreateWorkspaceBody) {
    return this.proxy.forward(Subjects.admin.createWorkspace, requestId, caller, body);
  }

  @Get(':id')
  @AdminHeaders()
  @Operation('getWorkspace', { summary: 'Get a workspace', response: WorkspaceView })
  get(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: WorkspaceIdParam) {
    return this.proxy.forward(Subjects.admin.getWorkspace, requestId, caller, params);
  }

  @Put(':id')
  @AdminHeaders()
  @Operation('updateWorkspace', { summary: 'Update a workspace\'s settings (administrator or owner)', response: WorkspaceView })
  update(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: WorkspaceIdParam, @Body() body: UpdateWorkspaceBody) {
    return this.proxy.forward(Subjects.admin.updateWorkspace, requestId, caller, { ...body, id: params.id });
  }

  @Delete(':id')
  @AdminHeaders()
  @Operation('deleteWorkspace', { summary: 'Delete a workspace with its bots and their data (owner only)' })
  remove(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: WorkspaceIdParam) {
    return this.proxy.forward(Subjects.admin.deleteWorkspace, requestId, caller, params);
  }

  @Get(':id/audit-records')
  @AdminHeaders()
  @Operation('getAuditRecords', { summary: 'Every change made in the workspace, newest first', response: GetAuditRecordsResponse })
  auditRecords(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: WorkspaceIdParam, @Query() query: GetAuditRecordsQuery) {
    return this.proxy.forward(Subjects.admin.getAuditRecords, requestId, caller, { ...query, id: params.id });
  }
}
