import { Injectable } from '@nestjs/common';
import { AdminCaller, Errors, Role, roleAtLeast } from '@platform/contracts';
import { AccountEntity } from '../accounts/account.entity';
import { ActiveMember } from '../workspaces/member.entity';
import { AccessGrants } from './access-grants';
import { AccessRepository, TokenAccess } from './access.repository';

export interface WorkspaceAccess {
  account: AccountEntity;
  member: ActiveMember;
  workspaceId: string;
}

/**
 * Who the caller is and what they may do (docs/contracts.md, "Authentication"): an unknown token or workspace is 401, a
 * valid token without the needed role in the workspace is 403.
 */
@Injectable()
export class AccessService {
  constructor(
    private readonly access: AccessRepository,
    private readonly grants: AccessGrants,
  ) {}

  async authenticate(tokenHash: string): Promise<AccountEntity> {
    return (await this.tokenAccess(tokenHash)).account;
  }

  /** The caller's access to this service: cached while it grants something (`AccessGrants`); a refusal is read afresh every time. */
  private tokenAccess(tokenHash: string, workspaceId?: string): Promise<TokenAccess> {
    return this.grants.get(tokenHash, workspaceId, () => this.freshAccess(tokenHash, workspaceId));
  }

  private async freshAccess(tokenHash: string, workspaceId?: string): Promise<TokenAccess> {
    const access = await this.access.find(tokenHash, workspaceId);
    if (!access) throw Errors.unauthorized('The token is not valid');
    return access;
  }

  /**
   * Whether the token's account is a member of the workspace with at least this role (none named:
   * no); a token not valid is 401. Asked by other services for grants they cache themselves, so it
   * is read afresh: a replica that has just acted on a notice and asks again must not get an answer
   * cached here before the notice reached this replica.
   */
  async hasRole(tokenHash: string, workspaceId: string | undefined, minimum: Role): Promise<boolean> {
    const { member } = await this.freshAccess(tokenHash, workspaceId);
    return member !== null && roleAtLeast(member.role, minimum);
  }

  /** Only the platform owner (the bootstrap account) may act on the platform as a whole. */
  async requirePlatformOwner(tokenHash: string): Promise<AccountEntity> {
    const account = await this.authenticate(tokenHash);
    if (!account.platformOwner) throw Errors.forbidden('Only the platform owner may do this');
    return account;
  }

  async requireRole(caller: AdminCaller, minimum: Role): Promise<WorkspaceAccess> {
    const { account, workspaceExists, member } = await this.tokenAccess(caller.tokenHash, caller.workspaceId);
    if (!caller.workspaceId) throw Errors.unauthorized('The x-workspace-id header is required');
    if (!workspaceExists) throw Errors.unauthorized(`Workspace '${caller.workspaceId}' does not exist`);
    if (!member) throw Errors.forbidden('The caller is not a member of this workspace');
    if (!roleAtLeast(member.role, minimum)) {
      throw Errors.forbidden(`This action needs the ${minimum} role or above; the caller is ${member.role}`);
    }
    return { account, member, workspaceId: caller.workspaceId };
  }

  /**
   * The caller's access to the workspace a path names (`/workspaces/{id}`), as the cloud reads
   * it: whatever `x-workspace-id` says. A workspace that does not exist and one the caller is not
   * a member of are alike 404, so ids tell nothing; a member below the role is 403.
   */
  async requireRoleIn(tokenHash: string, workspaceId: string, minimum: Role): Promise<WorkspaceAccess> {
    const { account, member } = await this.tokenAccess(tokenHash, workspaceId);
    if (!member) throw Errors.notFound('Workspace', workspaceId);
    if (!roleAtLeast(member.role, minimum)) {
      throw Errors.forbidden(`This action needs the ${minimum} role or above; the caller is ${member.role}`);
    }
    return { account, member, workspaceId };
  }
}
