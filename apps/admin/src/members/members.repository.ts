import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Role } from '@platform/contracts';
import { isUniqueViolation, keysetPage, Page, PageQuery } from '@platform/persistence';
import { MemberEntity } from '../workspaces/member.entity';

@Injectable()
export class MembersRepository {
  constructor(@InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>) {}

  /** Members of the workspace, earliest first. */
  list(workspaceId: string, page: PageQuery): Promise<Page<MemberEntity>> {
    const query = this.members.createQueryBuilder('m').where('m.workspace_id = :workspaceId', { workspaceId });
    return keysetPage(query, { sortProperty: 'createdAt' }, page);
  }

  /** A membership of this workspace; another workspace's id is not found. */
  find(workspaceId: string, id: string): Promise<MemberEntity | null> {
    return this.members.findOne({ where: { workspaceId, id } });
  }

  /** Inserts the membership; false when the account is already a member (even concurrently). */
  async insert(member: MemberEntity): Promise<boolean> {
    try {
      await this.members.insert(member);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async setRole(id: string, role: Role): Promise<void> {
    await this.members.update({ id }, { role });
  }

  async delete(id: string): Promise<void> {
    await this.members.delete({ id });
  }
}
