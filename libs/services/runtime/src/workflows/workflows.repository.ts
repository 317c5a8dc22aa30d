import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Not, Repository } from 'typeorm';
import { WORKFLOW_FINISHED_STATUSES, WorkflowStatus } from '@platform/contracts';
import { ListQuery, Page, PageQuery } from '@platform/persistence';
import { whereTags } from '../common/lists';
import { TagMatch } from '../common/tags';
import { WorkflowEntity } from './workflow.entity';

export interface WorkflowFilter extends PageQuery {
  tags?: Record<string, string>;
  conversationId?: string;
  userId?: string;
  parentWorkflowId?: string;
  statuses?: WorkflowStatus[];
  name?: string;
}

@Injectable()
export class WorkflowsRepository {
  constructor(@InjectRepository(WorkflowEntity) private readonly workflows: Repository<WorkflowEntity>) {}

  find(botId: string, id: string, manager?: EntityManager): Promise<WorkflowEntity | null> {
    return (manager ?? this.workflows.manager).findOne(WorkflowEntity, { where: { botId, id } });
  }

  /** The oldest workflow of that name whose tags match, among active or finished ones if asked. */
  findByTags(botId: string, name: string, match: TagMatch, group?: 'active' | 'finished'): Promise<WorkflowEntity | null> {
    const query = whereTags(this.query().whereEquals('botId', botId).whereEquals('name', name), match);
    if (group) query.where(`${group === 'finished' ? '' : 'NOT '}(w."status" = ANY(${query.param(WORKFLOW_FINISHED_STATUSES)}))`);
    return query.first('createdAt');
  }

  /** The bot's workflows matching every filter, newest first. */
  list(botId: string, filter: WorkflowFilter): Promise<Page<WorkflowEntity>> {
    const query = this.query().whereEquals('botId', botId);
    for (const property of ['conversationId', 'userId', 'parentWorkflowId', 'name'] as const) query.whereEquals(property, filter[property]);
    query.whereIn('status', filter.statuses);
    whereTags(query, filter.tags);
    return query.page({ sortProperty: 'createdAt', direction: 'desc' }, filter);
  }

  async insert(workflow: WorkflowEntity, manager: EntityManager): Promise<void> {
    await manager.insert(WorkflowEntity, workflow as never);
  }

  async save(workflow: WorkflowEntity, manager: EntityManager): Promise<void> {
    await manager.save(WorkflowEntity, workflow);
  }

  /** Deletes it; answers whether it was there. */
  async delete(botId: string, id: string, manager: EntityManager): Promise<boolean> {
    return ((await manager.delete(WorkflowEntity, { botId, id })).affected ?? 0) > 0;
  }

  /** Times the workflow out if it is still active and due; answers it then. */
  async timeOut(botId: string, id: string, manager: EntityManager): Promise<WorkflowEntity | null> {
    const now = new Date();
    const updated = await manager
      .createQueryBuilder()
      .update(WorkflowEntity)
      .set({ status: 'timedout', updatedAt: now, completedAt: now })
      .where({ botId, id, status: Not(In([...WORKFLOW_FINISHED_STATUSES])) })
      .andWhere('timeout_at <= now()')
      .execute();
    return updated.affected ? this.find(botId, id, manager) : null;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.workflows.manager.transaction(work);
  }

  private query(): ListQuery<WorkflowEntity> {
    return new ListQuery(this.workflows.manager, WorkflowEntity, 'w');
  }
}
