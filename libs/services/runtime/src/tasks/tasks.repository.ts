import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Not, Repository } from 'typeorm';
import { TASK_FINISHED_STATUSES, TaskStatus } from '@platform/contracts';
import { keysetPage, Page, PageQuery } from '@platform/persistence';
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
    const query = this.tasks.createQueryBuilder('t').where('t.bot_id = :botId', { botId });
    for (const [property, column] of [
      ['conversationId', 'conversation_id'],
      ['userId', 'user_id'],
      ['parentTaskId', 'parent_task_id'],
      ['type', 'type'],
    ] as const) {
      const value = filter[property];
      if (value !== undefined) query.andWhere(`t.${column} = :${property}`, { [property]: value });
    }
    if (filter.status?.length) query.andWhere('t.status IN (:...statuses)', { statuses: filter.status });
    whereTags(query, filter.tags);
    return keysetPage(query, { sortProperty: 'createdAt', direction: 'desc' }, filter);
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
}
