import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { newId } from '@platform/contracts';
import { ListQuery, Page, PageQuery, tableOf } from '@platform/persistence';
import { BotEntity } from '../bots/bot.entity';
import { ActiveMember, MemberEntity } from './member.entity';
import { WorkspaceEntity } from './workspace.entity';

@Injectable()
export class WorkspacesRepository {
  constructor(
    @InjectRepository(WorkspaceEntity) private readonly workspaces: Repository<WorkspaceEntity>,
    @InjectRepository(MemberEntity) private readonly members: Repository<MemberEntity>,
  ) {}

  findById(id: string): Promise<WorkspaceEntity | null> {
    return this.workspaces.findOne({ where: { id } });
  }

  async findByIds(ids: string[]): Promise<Map<string, WorkspaceEntity>> {
    if (ids.length === 0) return new Map();
    const found = await this.workspaces.find({ where: { id: In(ids) } });
    return new Map(found.map((w) => [w.id, w]));
  }

  /** The account's membership of the workspace (an invitation it has not accepted is none). */
  findMember(workspaceId: string, accountId: string): Promise<ActiveMember | null> {
    return this.members.findOne({ where: { workspaceId, accountId } }) as Promise<ActiveMember | null>;
  }

  /** Ids of every workspace the account belongs to. */
  async workspaceIdsOf(accountId: string): Promise<string[]> {
    return (await this.members.find({ where: { accountId }, select: { workspaceId: true } })).map((m) => m.workspaceId);
  }

  /** Workspaces the account belongs to, oldest first. */
  listForAccount(accountId: string, page: PageQuery & { handle?: string }): Promise<Page<WorkspaceEntity>> {
    const query = new ListQuery(this.workspaces.manager, WorkspaceEntity, 'w').whereEquals('handle', page.handle);
    query.where(
      `EXISTS (SELECT 1 FROM ${tableOf(this.workspaces.manager, MemberEntity)} m WHERE m."workspace_id" = w."id" AND m."account_id" = ${query.param(accountId)})`,
    );
    return query.page({ sortProperty: 'createdAt' }, page);
  }

  /** Number of bots of each workspace, by id. */
  /** Members of each workspace who have accepted (invitations waiting are not members yet). */
  async memberCounts(workspaceIds: string[]): Promise<Map<string, number>> {
    if (workspaceIds.length === 0) return new Map();
    const rows: Array<{ workspace_id: string; count: string }> = await this.members.manager.query(
      `SELECT "workspace_id", COUNT(*) AS "count" FROM "admin"."workspace_members" WHERE "workspace_id" = ANY($1) AND "account_id" IS NOT NULL GROUP BY "workspace_id"`,
      [workspaceIds],
    );
    return new Map(rows.map((r) => [r.workspace_id, Number(r.count)]));
  }

  async botCounts(workspaceIds: string[]): Promise<Map<string, number>> {
    if (workspaceIds.length === 0) return new Map();
    const rows: Array<{ workspace_id: string; count: string }> = await this.workspaces.manager
      .createQueryBuilder()
      .select('b.workspace_id', 'workspace_id')
      .addSelect('COUNT(*)', 'count')
      .from(BotEntity, 'b')
      .where('b.workspace_id IN (:...workspaceIds)', { workspaceIds })
      .groupBy('b.workspace_id')
      .getRawMany();
    return new Map(rows.map((r) => [r.workspace_id, Number(r.count)]));
  }

  async botIdsOf(workspaceId: string): Promise<string[]> {
    return (await this.workspaces.manager.find(BotEntity, { where: { workspaceId }, select: { id: true } })).map((b) => b.id);
  }

  async insertWithOwner(workspace: WorkspaceEntity, manager: EntityManager = this.workspaces.manager): Promise<void> {
    await manager.insert(WorkspaceEntity, workspace);
    await manager.insert(MemberEntity, {
      id: newId('member'),
      workspaceId: workspace.id,
      accountId: workspace.ownerId,
      invitedEmail: null,
      role: 'owner',
      createdAt: workspace.createdAt,
    });
  }

  /** Saves the workspace's settings; a handle taken by another workspace fails the unique index. */
  async save(workspace: WorkspaceEntity): Promise<void> {
    const { id, ...settings } = workspace;
    await this.workspaces.update({ id }, settings);
  }

  /** Deletes the workspace; its members, bots, integrations and bot keys go with it (foreign keys). */
  async delete(id: string): Promise<void> {
    await this.workspaces.delete({ id });
  }
}
