import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Not, Repository } from 'typeorm';
import { TASK_FINISHED_STATUSES, TaskStatus } from '@platform/contracts';
import { ListQuery, Page, PageQuery } from '@platform/persistence';
import { whereTags } from '../common/lists';
import { TaskEntity } from './task.entity';

export interface TaskFilter extends PageQuery {
  tags?: Record<string, string>;
  conversationId?: string;
  userId?: string;
  parentTaskId?: string;
  status?: TaskStatus[];
  type?: string;
}

@Injectable()
export class TasksRepository {
  constructor(@InjectRepository(TaskEntity) private readonly tasks: Repository<TaskEntity>) {}

  find(botId: string, id: string, manager?: EntityManager): Promise<TaskEntity | null> {
    return (manager ?? this.tasks.manager).findOne(TaskEntity, { where: { botId, id } });
  }

  /** The bot's tasks matching every filter, newest first. */
  list(botId: string, filter: TaskFilter): Promise<Page<TaskEntity>> {
    const query = this.query().whereEquals('botId', botId);
    for (const property of ['conversationId', 'userId', 'parentTaskId', 'type'] as const) query.whereEquals(property, filter[property]);
    query.whereIn('status', filter.status);
    whereTags(query, filter.tags);
    return query.page({ sortProperty: 'createdAt', direction: 'desc' }, filter);
  }

  async save(task: TaskEntity, manager: EntityManager): Promise<void> {
    await manager.save(TaskEntity, task);
  }

  async delete(botId: string, id: string, manager: EntityManager): Promise<void> {
    await manager.delete(TaskEntity, { botId, id });
  }

  /** Times the task out if it is not finished and due; answers whether it did. */
  async timeOut(botId: string, id: string, manager: EntityManager): Promise<boolean> {
    const updated = await manager
      .createQueryBuilder()
      .update(TaskEntity)
      .set({ status: 'timeout', updatedAt: new Date() })
      .where({ botId, id, status: Not(In([...TASK_FINISHED_STATUSES])) })
      .andWhere('timeout_at <= now()')
      .execute();
    return (updated.affected ?? 0) > 0;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.tasks.manager.transaction(work);
  }

  private query(): ListQuery<TaskEntity> {
    return new ListQuery(this.tasks.manager, TaskEntity, 't');
  }
}
