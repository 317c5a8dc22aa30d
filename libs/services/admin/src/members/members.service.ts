import { Injectable } from '@nestjs/common';
import {
  AcceptAccountInvitationResponse,
  CreateWorkspaceMemberBody,
  Errors,
  ListAccountInvitationsQuery,
  ListAccountInvitationsResponse,
  ListWorkspaceMembersQuery,
  ListWorkspaceMembersResponse,
  newId,
  Role,
  roleAtLeast,
  UpdateWorkspaceMemberBody,
  WorkspaceMemberView,
} from '@platform/contracts';
import { pageMeta } from '@platform/persistence';
import { AccessNotices } from '../access/access-notices';
import { WorkspaceAccess } from '../access/access.service';
import { AccountEntity } from '../accounts/account.entity';
import { AccountsRepository } from '../accounts/accounts.repository';
import { AuditService } from '../audit/audit.service';
import { MemberEntity } from '../workspaces/member.entity';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';
import { toInvitationView, toMemberView } from './member-view';
import { MembersRepository } from './members.repository';

/**
 * Members of the workspace the caller acts in. Managing them needs the manager role, and nobody
 * hands out or touches a role above their own. The owner's membership is the workspace's
 * ownership: it is neither granted, changed nor removed here.
 *
 * A member is invited by email and becomes one when the account with that email accepts: the
 * answer to an invitation is the same whether or not such an account exists, and nobody is made
 * a member (nor shows their doings in the workspace's audit) without consenting.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly members: MembersRepository,
    private readonly workspaces: WorkspacesRepository,
    private readonly audit: AuditService,
    private readonly notices: AccessNotices,
  ) {}

  async list(access: WorkspaceAccess, query: ListWorkspaceMembersQuery): Promise<ListWorkspaceMembersResponse> {
    const page = await this.members.list(access.workspaceId, query);
    const accounts = await this.accounts.findByIds(page.items.flatMap((m) => (m.accountId ? [m.accountId] : [])));
    return {
      members: page.items.map((m) => toMemberView(m, m.accountId ? accounts.get(m.accountId) : undefined)),
      meta: pageMeta(page),
    };
  }

  /** The caller's own membership. */
  async own(access: WorkspaceAccess): Promise<WorkspaceMemberView> {
    return toMemberView(access.member, access.account);
  }

  async create(access: WorkspaceAccess, input: CreateWorkspaceMemberBody): Promise<WorkspaceMemberView> {
    this.mayGrant(access, input.role);
    const email = input.email.toLowerCase();
    const invitation: MemberEntity = {
      id: newId('member'),
      workspaceId: access.workspaceId,
      accountId: null,
      invitedEmail: email,
      role: input.role,
      createdAt: new Date(),
    };
    if ((await this.members.emailTaken(access.workspaceId, email)) || !(await this.members.insert(invitation))) {
      throw Errors.alreadyExists('Workspace member', email);
    }
    await this.audit.record(access.workspaceId, access.account, {
      action: 'ADD_WORKSPACE_MEMBER',
      operation: 'createWorkspaceMember',
      resourceId: invitation.id,
      resourceName: email,
      value: invitation.role,
    });
    return toMemberView(invitation, undefined);
  }

  async update(access: WorkspaceAccess, input: UpdateWorkspaceMemberBody & { id: string }): Promise<WorkspaceMemberView> {
    const member = await this.manageable(access, input.id);
    const account = await this.accountOf(member);
    if (input.role === undefined || input.role === member.role) return toMemberView(member, account);
    this.mayGrant(access, input.role);
    await this.members.setRole(member.id, input.role);
    // The member may have lost rights that replicas cached for them.
    await this.notices.workspaceChanged(access.workspaceId);
    await this.audit.record(access.workspaceId, access.account, {
      action: 'UPDATE_WORKSPACE_MEMBER',
      operation: 'updateWorkspaceMember',
      resourceId: member.id,
      resourceName: account?.email ?? member.invitedEmail,
      value: input.role,
    });
    return toMemberView({ ...member, role: input.role }, account);
  }

  async delete(access: WorkspaceAccess, id: string): Promise<Record<string, never>> {
    const member = await this.manageable(access, id);
    await this.members.delete(member.id);
    await this.notices.workspaceChanged(access.workspaceId);
    const account = await this.accountOf(member);
    await this.audit.record(access.workspaceId, access.account, {
      action: 'REMOVE_WORKSPACE_MEMBER',
      operation: 'deleteWorkspaceMember',
      resourceId: member.id,
      resourceName: account?.email ?? member.invitedEmail,
      value: member.role,
    });
    return {};
  }

  /** Invitations to the caller's email that wait for an answer. */
  async invitations(account: AccountEntity, query: ListAccountInvitationsQuery): Promise<ListAccountInvitationsResponse> {
    const page = await this.members.invitationsFor(account.email, query);
    const workspaces = await this.workspaces.findByIds([...new Set(page.items.map((m) => m.workspaceId))]);
    return { invitations: page.items.map((m) => toInvitationView(m, workspaces.get(m.workspaceId))), meta: pageMeta(page) };
  }

  async accept(account: AccountEntity, id: string): Promise<AcceptAccountInvitationResponse> {
    const invitation = await this.members.findInvitation(id, account.email);
    if (!invitation) throw Errors.notFound('Invitation', id);
    const member = await this.members.accept(invitation, account.id);
    if (!member) throw Errors.alreadyExists('Workspace member', account.email);
    await this.audit.record(member.workspaceId, account, {
      action: 'UPDATE_WORKSPACE_MEMBER',
      operation: 'acceptAccountInvitation',
      resourceId: member.id,
      resourceName: account.email,
      value: member.role,
    });
    return { workspaceId: member.workspaceId, member: toMemberView(member, account) };
  }

  async decline(account: AccountEntity, id: string): Promise<Record<string, never>> {
    const invitation = await this.members.findInvitation(id, account.email);
    if (!invitation) throw Errors.notFound('Invitation', id);
    await this.members.delete(invitation.id);
    return {};
  }

  private async accountOf(member: MemberEntity): Promise<AccountEntity | undefined> {
    return member.accountId ? ((await this.accounts.findById(member.accountId)) ?? undefined) : undefined;
  }

  /** A membership or invitation of the caller's workspace that the caller may change or remove. */
  private async manageable(access: WorkspaceAccess, id: string): Promise<MemberEntity> {
    const member = await this.members.find(access.workspaceId, id);
    if (!member) throw Errors.notFound('Workspace member', id);
    if (member.role === 'owner') throw Errors.forbidden("The owner's membership cannot be changed or removed");
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
