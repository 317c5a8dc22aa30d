import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { AdminAuthGuard, Caller } from '@platform/auth';
import {
  AdminCaller,
  CreateWorkspaceMemberBody,
  ListWorkspaceMembersQuery,
  ListWorkspaceMembersResponse,
  MemberIdParam,
  Subjects,
  UpdateWorkspaceMemberBody,
  WorkspaceMemberView,
} from '@platform/contracts';
import { Operation } from '../docs/operation.decorator';
import { RequestId } from '../http/request-id.decorator';
import { ServiceProxy } from '../http/service-proxy';
import { AdminHeaders } from './admin-headers.decorator';

/** Members of the workspace named by `x-workspace-id`. */
@Controller('v1/admin/workspace-members')
@UseGuards(AdminAuthGuard)
@AdminHeaders()
export class WorkspaceMembersController {
  constructor(private readonly proxy: ServiceProxy) {}

  @Get()
  @Operation('listWorkspaceMembers', { summary: 'List the members of the workspace', response: ListWorkspaceMembersResponse })
  list(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Query() query: ListWorkspaceMembersQuery) {
    return this.proxy.forward(Subjects.admin.listWorkspaceMembers, requestId, caller, query);
  }

  @Get('me')
  @Operation('getWorkspaceMember', { summary: 'Get the caller\'s own membership of the workspace', response: WorkspaceMemberView })
  own(@RequestId() requestId: string, @Caller() caller: AdminCaller) {
    return this.proxy.forward(Subjects.admin.getWorkspaceMember, requestId, caller, {});
  }

  @Post()
  @Operation('createWorkspaceMember', { summary: 'Add an existing account to the workspace (manager or above, up to the caller\'s own role)', response: WorkspaceMemberView })
  create(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Body() body: CreateWorkspaceMemberBody) {
    return this.proxy.forward(Subjects.admin.createWorkspaceMember, requestId, caller, body);
  }

  @Put(':id')
  @Operation('updateWorkspaceMember', { summary: 'Change a member\'s role (manager or above, up to the caller\'s own role)', response: WorkspaceMemberView })
  update(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: MemberIdParam, @Body() body: UpdateWorkspaceMemberBody) {
    return this.proxy.forward(Subjects.admin.updateWorkspaceMember, requestId, caller, { ...body, id: params.id });
  }

  @Delete(':id')
  @Operation('deleteWorkspaceMember', { summary: 'Remove a member from the workspace, effective at once' })
  remove(@RequestId() requestId: string, @Caller() caller: AdminCaller, @Param() params: MemberIdParam) {
    return this.proxy.forward(Subjects.admin.deleteWorkspaceMember, requestId, caller, params);
  }
}
