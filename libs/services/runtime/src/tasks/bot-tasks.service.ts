import { Injectable } from '@nestjs/common';
import {
  CreateTaskBody,
  Errors,
  ListTasksQuery,
  ListTasksResponse,
  MAX_SCHEDULE_MS,
  newId,
  TASK_FINISHED_STATUSES,
  TaskResponse,
  UpdateTaskBody,
} from '@platform/contracts';
import { pageMeta } from '@platform/persistence';
import { EntityManager } from 'typeorm';
import { BotAccess } from '@platform/bot-access';
import { applyTagChanges } from '../common/tags';
import { ConversationsService } from '../conversations/conversations.service';
import { SchedulesRepository } from '../schedules/schedules.repository';
import { UsersRepository } from '../users/users.repository';
import { toTaskView } from './task-view';
import { TaskEntity } from './task.entity';
import { TasksRepository } from './tasks.repository';

const DEFAULT_TIMEOUT_MS = 24 * 3600 * 1000;

/**
 * Tasks through the runtime API: created `pending` in a conversation; any status may be set
 * until the task is finished (completed, failed, timeout, cancelled), after which it changes no
 * more; a task not finished by its `timeoutAt` becomes `timeout` (through the scheduler).
 * A task's states are the states of type `task` under its id.
 */
@Injectable()
export class BotTasksService {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly schedules: SchedulesRepository,
    private readonly conversations: ConversationsService,
    private readonly users: UsersRepository,
  ) {}

  async create(access: BotAccess, input: CreateTaskBody): Promise<TaskResponse> {
    const { botId } = access;
    await this.conversations.requireFor(access, input.conversationId);
    if (input.userId !== undefined && !(await this.users.exists(botId, input.userId))) throw Errors.notFound('User', input.userId);
    if (input.parentTaskId !== undefined && !(await this.tasks.find(botId, input.parentTaskId))) throw Errors.notFound('Task', input.parentTaskId);
    const now = new Date();
    const task: TaskEntity = {
      botId,
      id: newId('task'),
      title: input.title ?? '',
      type: input.type,
      data: input.data ?? {},
      status: 'pending',
      parentTaskId: input.parentTaskId ?? null,
      conversationId: input.conversationId,
      userId: input.userId ?? null,
      tags: input.tags ?? {},
      failureReason: null,
      timeoutAt: input.timeoutAt !== undefined ? timeoutOf(input.timeoutAt, now) : new Date(now.getTime() + DEFAULT_TIMEOUT_MS),
      createdAt: now,
      updatedAt: now,
    };
    await this.tasks.transaction(async (manager) => {
      await manager.insert(TaskEntity, task as never);
      await this.scheduleTimeout(task, manager);
    });
    return { task: toTaskView(task) };
  }

  async get(access: BotAccess, id: string): Promise<TaskResponse> {
    return { task: toTaskView(await this.require(access, id)) };
  }

  async list(access: BotAccess, query: ListTasksQuery): Promise<ListTasksResponse> {
    const page = await this.tasks.list(access.botId, query);
    return { tasks: page.items.map(toTaskView), meta: pageMeta(page) };
  }

  async update(access: BotAccess, id: string, input: UpdateTaskBody): Promise<TaskResponse> {
    const current = await this.require(access, id);
    if (TASK_FINISHED_STATUSES.includes(current.status)) throw Errors.invalidPayload(`Task '${id}' is ${current.status}: a finished task cannot change`);
    const now = new Date();
    const timeoutAt = input.timeoutAt !== undefined ? timeoutOf(input.timeoutAt, now) : current.timeoutAt;
    const next: TaskEntity = {
      ...current,
      title: input.title ?? current.title,
      data: input.data ?? current.data,
      status: input.status ?? current.status,
      tags: input.tags !== undefined ? applyTagChanges(current.tags, input.tags) : current.tags,
      timeoutAt,
      updatedAt: now,
    };
    const finished = TASK_FINISHED_STATUSES.includes(next.status);
    const moved = timeoutAt.getTime() !== current.timeoutAt.getTime();
    await this.tasks.transaction(async (manager) => {
      await this.tasks.save(next, manager);
      if (finished || moved) await this.schedules.remove(next.botId, next.id, 'task_timeout', manager);
      if (!finished && moved) await this.scheduleTimeout(next, manager);
    });
    return { task: toTaskView(next) };
  }

  async delete(access: BotAccess, id: string): Promise<Record<string, never>> {
    await this.require(access, id);
    await this.tasks.transaction(async (manager) => {
      await this.tasks.delete(access.botId, id, manager);
      await this.schedules.remove(access.botId, id, 'task_timeout', manager);
    });
    return {};
  }

  private scheduleTimeout(task: TaskEntity, manager: EntityManager): Promise<void> {
    return this.schedules.insert({ botId: task.botId, id: task.id, kind: 'task_timeout', dueAt: task.timeoutAt, body: {} }, manager);
  }

  private async require(access: BotAccess, id: string): Promise<TaskEntity> {
    const task = await this.tasks.find(access.botId, id);
    if (!task) throw Errors.notFound('Task', id);
    if (access.actingUserId) await this.conversations.requireFor(access, task.conversationId);
    return task;
  }
}

function timeoutOf(value: string, now: Date): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw Errors.invalidPayload('timeoutAt must be an ISO 8601 date and time');
  if (at.getTime() <= now.getTime()) throw Errors.invalidPayload('timeoutAt must be in the future');
  if (at.getTime() - now.getTime() > MAX_SCHEDULE_MS) throw Errors.invalidPayload('timeoutAt is at most one year ahead');
  return at;
}
