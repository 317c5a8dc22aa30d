import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Not, Repository } from 'typeorm';
import { WORKFLOW_FINISHED_STATUSES, WorkflowStatus } from '@platform/contracts';
import { keysetPage, Page, PageQuery } from '@platform/persistence';
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
    const query = this.workflows.createQueryBuilder('w').where('w.bot_id = :botId AND w.name = :name', { botId, name });
    whereTags(query, match);
    if (group) query.andWhere(`w.status ${group === 'finished' ? '' : 'NOT'} IN (:...finished)`, { finished: WORKFLOW_FINISHED_STATUSES });
    return query.orderBy('w.created_at', 'ASC').addOrderBy('w.id', 'ASC').limit(1).getOne();
  }

  /** The bot's workflows matching every filter, newest first. */
  list(botId: string, filter: WorkflowFilter): Promise<Page<WorkflowEntity>> {
    const query = this.workflows.createQueryBuilder('w').where('w.bot_id = :botId', { botId });
    for (const [property, column] of [
      ['conversationId', 'conversation_id'],
      ['userId', 'user_id'],
      ['parentWorkflowId', 'parent_workflow_id'],
      ['name', 'name'],
    ] as const) {
      const value = filter[property];
      if (value !== undefined) query.andWhere(`w.${column} = :${property}`, { [property]: value });
    }
    if (filter.statuses?.length) query.andWhere('w.status IN (:...statuses)', { statuses: filter.statuses });
    whereTags(query, filter.tags);
    return keysetPage(query, { sortProperty: 'createdAt', direction: 'desc' }, filter);
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
}
