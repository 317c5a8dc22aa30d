import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import type { Role } from '@platform/contracts';
import { isUniqueViolation, ListQuery, Page, PageQuery } from '@platform/persistence';
import { AccountEntity } from '../accounts/account.entity';
import { ActiveMember, MemberEntity } from '../workspaces/member.entity';

@Injectable()
export class MembersRepository {
  constructor(@InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>) {}

  /** Members and invitations of the workspace, earliest first. */
  list(workspaceId: string, page: PageQuery): Promise<Page<MemberEntity>> {
    return this.query().whereEquals('workspaceId', workspaceId).page({ sortProperty: 'createdAt' }, page);
  }

  /** A membership or invitation of this workspace; another workspace's id is not found. */
  find(workspaceId: string, id: string): Promise<MemberEntity | null> {
    return this.members.findOne({ where: { workspaceId, id } });
  }

  /** Whether the email is already invited to the workspace or is the email of one of its members. */
  async emailTaken(workspaceId: string, email: string): Promise<boolean> {
    const found = await this.members
      .createQueryBuilder('m')
      .leftJoin(AccountEntity, 'a', 'a.id = m.account_id')
      .where('m.workspace_id = :workspaceId', { workspaceId })
      .andWhere('(m.invited_email = :email OR a.email = :email)', { email })
      .getExists();
    return found;
  }

  /** Inserts the membership or invitation; false when it exists already (even concurrently). */
  async insert(member: MemberEntity): Promise<boolean> {
    try {
      await this.members.insert(member);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Invitations to this email, earliest first. */
  invitationsFor(email: string, page: PageQuery): Promise<Page<MemberEntity>> {
    return this.query().whereEquals('invitedEmail', email).page({ sortProperty: 'createdAt' }, page);
  }

  findInvitation(id: string, email: string): Promise<MemberEntity | null> {
    return this.members.findOne({ where: { id, invitedEmail: email, accountId: IsNull() } });
  }

  /**
   * Turns the invitation into the account's membership; null when it was answered meanwhile, or
   * when the account is already a member of that workspace (the invitation then goes).
   */
  async accept(invitation: MemberEntity, accountId: string): Promise<ActiveMember | null> {
    try {
      const result = await this.members.update({ id: invitation.id, accountId: IsNull() }, { accountId, invitedEmail: null });
      return result.affected ? { ...invitation, accountId, invitedEmail: null } : null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.members.delete({ id: invitation.id, accountId: IsNull() });
      return null;
    }
  }

  async setRole(id: string, role: Role): Promise<void> {
    await this.members.update({ id }, { role });
  }

  async delete(id: string): Promise<void> {
    await this.members.delete({ id });
  }

  private query(): ListQuery<MemberEntity> {
    return new ListQuery(this.members.manager, MemberEntity, 'm');
  }
}
