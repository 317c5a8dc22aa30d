import { Injectable } from '@nestjs/common';
import {
  AdminCaller,
  CreateWorkspaceMemberBody,
  Errors,
  ListWorkspaceMembersQuery,
  ListWorkspaceMembersResponse,
  newId,
  Role,
  roleAtLeast,
  UpdateWorkspaceMemberBody,
  WorkspaceMemberView,
} from '@platform/contracts';
import { AccessNotices } from '../access/access-notices';
import { AccessService, WorkspaceAccess } from '../access/access.service';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AuditService } from '../audit/audit.service';
import { MemberEntity } from '../workspaces/member.entity';
import { toMemberView } from './member-view';
import { MembersRepository } from './members.repository';
import { pageMeta } from '@platform/persistence';

/**
 * Members of the workspace the caller acts in. Managing them needs the manager role, and nobody
 * hands out or touches a role above their own. The owner's membership is the workspace's
 * ownership: it is neither granted, changed nor removed here.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly access: AccessService,
    private readonly accounts: AccountsRepository,
    private readonly members: MembersRepository,
    private readonly audit: AuditService,
    private readonly notices: AccessNotices,
  ) {}

  async list(caller: AdminCaller, query: ListWorkspaceMembersQuery): Promise<ListWorkspaceMembersResponse> {
    const { workspaceId } = await this.access.requireRole(caller, 'viewer');
    const page = await this.members.list(workspaceId, query);
    const accounts = await this.accounts.findByIds(page.items.map((m) => m.accountId));
    return {
      members: page.items.map((m) => toMemberView(m, accounts.get(m.accountId))),
      meta: pageMeta(page),
    };
  }

  /** The caller's own membership. */
  async own(caller: AdminCaller): Promise<WorkspaceMemberView> {
    const { account, member } = await this.access.requireRole(caller, 'viewer');
    return toMemberView(member, account);
  }

  async create(caller: AdminCaller, input: CreateWorkspaceMemberBody): Promise<WorkspaceMemberView> {
    const access = await this.access.requireRole(caller, 'manager');
    this.mayGrant(access, input.role);
    const account = await this.accounts.findByEmail(input.email);
    if (!account) throw Errors.notFound('Account', input.email);
    const member: MemberEntity = { id: newId('member'), workspaceId: access.workspaceId, accountId: account.id, role: input.role, createdAt: new Date() };
    if (!(await this.members.insert(member))) throw Errors.alreadyExists('Workspace member', account.email);
    await this.audit.record(access.workspaceId, access.account, {
      action: 'ADD_WORKSPACE_MEMBER',
      operation: 'createWorkspaceMember',
      resourceId: member.id,
      resourceName: account.email,
      value: member.role,
    });
    return toMemberView(member, account);
  }

  async update(caller: AdminCaller, input: UpdateWorkspaceMemberBody & { id: string }): Promise<WorkspaceMemberView> {
    const access = await this.access.requireRole(caller, 'manager');
    const member = await this.manageable(access, input.id);
    const account = (await this.accounts.findById(member.accountId)) ?? undefined;
    if (input.role === undefined || input.role === member.role) return toMemberView(member, account);
    this.mayGrant(access, input.role);
    await this.members.setRole(member.id, input.role);
    // The member may have lost rights that replicas cached for them.
    await this.notices.workspaceChanged(access.workspaceId);
    await this.audit.record(access.workspaceId, access.account, {
      action: 'UPDATE_WORKSPACE_MEMBER',
      operation: 'updateWorkspaceMember',
      resourceId: member.id,
      resourceName: account?.email ?? null,
      value: input.role,
    });
    return toMemberView({ ...member, role: input.role }, account);
  }

  async delete(caller: AdminCaller, id: string): Promise<Record<string, never>> {
    const access = await this.access.requireRole(caller, 'manager');
    const member = await this.manageable(access, id);
    await this.members.delete(member.id);
    await this.notices.workspaceChanged(access.workspaceId);
    const account = await this.accounts.findById(member.accountId);
    await this.audit.record(access.workspaceId, access.account, {
      action: 'REMOVE_WORKSPACE_MEMBER',
      operation: 'deleteWorkspaceMember',
      resourceId: member.id,
      resourceName: account?.email ?? null,
      value: member.role,
    });
    return {};
  }

  /** A membership of the caller's workspace that the caller may change or remove. */
  private async manageable(access: WorkspaceAccess, id: string): Promise<MemberEntity> {
    const member = await this.members.find(access.workspaceId, id);
    if (!member) throw Errors.notFound('Workspace member', id);
    if (member.role === 'owner') throw Errors.forbidden('The owner\'s membership cannot be changed or removed');
    if (!roleAtLeast(access.member.role, member.role)) {
      throw Errors.forbidden(`A ${access.member.role} cannot change a member whose role is ${member.role}`);
    }
    return member;
  }

  private mayGrant(access: WorkspaceAccess, role: Role): void {
    if (role === 'owner') throw Errors.forbidden('A workspace has one owner: the owner role cannot be granted');
    if (!roleAtLeast(access.member.role, role)) throw Errors.forbidden(`A ${access.member.role} cannot grant the ${role} role`);
  }
}
