import { Injectable } from '@nestjs/common';
import {
  CreateWorkflowBody,
  Errors,
  GetOrCreateWorkflowBody,
  ListWorkflowsQuery,
  ListWorkflowsResponse,
  MAX_SCHEDULE_MS,
  newId,
  UpdateWorkflowBody,
  WORKFLOW_FINISHED_STATUSES,
  WorkflowResponse,
} from '@platform/contracts';
import { pageMeta } from '@platform/persistence';
import { EntityManager } from 'typeorm';
import { BotAccess } from '@platform/bot-access';
import { GetOrCreate } from '../common/get-or-create';
import { applyTagChanges, tagMatch, TagChanges } from '../common/tags';
import { ConversationsService } from '../conversations/conversations.service';
import { EventOutbox } from '../delivery/event-outbox';
import { EventEntity } from '../events/event.entity';
import { SchedulesRepository } from '../schedules/schedules.repository';
import { UsersRepository } from '../users/users.repository';
import { WorkflowEvents } from './workflow-events';
import { toWorkflowView } from './workflow-view';
import { WorkflowEntity } from './workflow.entity';
import { WorkflowsRepository } from './workflows.repository';

/** A workflow's timeout when none is given. */
const DEFAULT_TIMEOUT_MS = 24 * 3600 * 1000;

/**
 * Workflows through the runtime API. Created `pending`, a workflow starts: the bot gets
 * `workflow_started`. An event linked to a `listening` workflow (createEvent's `workflowId`)
 * continues it: it becomes `in_progress` and the bot gets `workflow_continued`. An active
 * workflow whose `timeoutAt` passes becomes `timedout` and the bot gets `workflow_timedout`
 * (through the scheduler). Finished workflows (completed, failed, timedout, cancelled) change no
 * more.
 */
@Injectable()
export class BotWorkflowsService {
  constructor(
    private readonly workflows: WorkflowsRepository,
    private readonly workflowEvents: WorkflowEvents,
    private readonly schedules: SchedulesRepository,
    private readonly outbox: EventOutbox,
    private readonly conversations: ConversationsService,
    private readonly users: UsersRepository,
    private readonly getOrCreateRule: GetOrCreate,
  ) {}

  async create(access: BotAccess, input: CreateWorkflowBody): Promise<WorkflowResponse> {
    return { workflow: toWorkflowView(await this.createEntity(access, input, input.tags ?? {})) };
  }

  async getOrCreate(access: BotAccess, input: GetOrCreateWorkflowBody): Promise<WorkflowResponse> {
    const { botId } = access;
    const tags = input.tags ?? {};
    const match = tagMatch(tags, input.discriminateByTags);
    const { item } = await this.getOrCreateRule.run(tags, {
      key: ['workflow', botId, input.name, match, input.discriminateByStatusGroup ?? null],
      find: () => this.workflows.findByTags(botId, input.name, match, input.discriminateByStatusGroup),
      create: () => this.createEntity(access, input, applyTagChanges({}, tags)),
      retag: (found, changes) => this.retag(found, changes),
    });
    return { workflow: toWorkflowView(item) };
  }

  async get(access: BotAccess, id: string): Promise<WorkflowResponse> {
    return { workflow: toWorkflowView(await this.require(access, id)) };
  }

  async list(access: BotAccess, query: ListWorkflowsQuery): Promise<ListWorkflowsResponse> {
    const page = await this.workflows.list(access.botId, query);
    return { workflows: page.items.map(toWorkflowView), meta: pageMeta(page) };
  }

  async update(access: BotAccess, id: string, input: UpdateWorkflowBody): Promise<WorkflowResponse> {
    const current = await this.require(access, id);
    if (WORKFLOW_FINISHED_STATUSES.includes(current.status)) {
      throw Errors.invalidPayload(`Workflow '${id}' is ${current.status}: a finished workflow cannot change`);
    }
    if (input.userId !== undefined && !(await this.users.exists(access.botId, input.userId))) throw Errors.notFound('User', input.userId);
    const now = new Date();
    const timeoutAt = input.timeoutAt !== undefined ? timeoutOf(input.timeoutAt, now) : current.timeoutAt;
    const status = input.status ?? current.status;
    const finished = WORKFLOW_FINISHED_STATUSES.includes(status);
    const next: WorkflowEntity = {
      ...current,
      status,
      output: input.output ?? current.output,
      failureReason: input.failureReason ?? current.failureReason,
      tags: input.tags !== undefined ? applyTagChanges(current.tags, input.tags) : current.tags,
      userId: input.userId ?? current.userId,
      timeoutAt,
      completedAt: finished ? now : null,
      updatedAt: now,
    };
    await this.workflows.transaction(async (manager) => {
      await this.workflows.save(next, manager);
      if (finished || timeoutAt.getTime() !== current.timeoutAt.getTime()) await this.schedules.remove(next.botId, next.id, 'workflow_timeout', manager);
      if (!finished && timeoutAt.getTime() !== current.timeoutAt.getTime()) await this.scheduleTimeout(next, manager);
    });
    return { workflow: toWorkflowView(next) };
  }

  async delete(access: BotAccess, id: string): Promise<Record<string, never>> {
    await this.require(access, id);
    await this.workflows.transaction(async (manager) => {
      await this.workflows.delete(access.botId, id, manager);
      await this.schedules.remove(access.botId, id, 'workflow_timeout', manager);
    });
    return {};
  }

  /**
   * An event linked to a workflow (createEvent's `workflowId`): the workflow must be the bot's;
   * a listening one is continued, within the event's transaction. Answers the event to publish.
   */
  async continueWith(botId: string, workflowId: string, manager: EntityManager): Promise<EventEntity | undefined> {
    const workflow = await this.workflows.find(botId, workflowId, manager);
    if (!workflow) throw Errors.notFound('Workflow', workflowId);
    if (workflow.status !== 'listening') return undefined;
    const continued: WorkflowEntity = { ...workflow, status: 'in_progress', updatedAt: new Date() };
    await this.workflows.save(continued, manager);
    return this.workflowEvents.record(continued, 'workflow_continued', manager);
  }

  private async createEntity(access: BotAccess, input: CreateWorkflowBody | GetOrCreateWorkflowBody, tags: Record<string, string>): Promise<WorkflowEntity> {
    const { botId } = access;
    if (input.conversationId !== undefined) await this.conversations.requireFor(access, input.conversationId);
    if (input.userId !== undefined && !(await this.users.exists(botId, input.userId))) throw Errors.notFound('User', input.userId);
    if (input.parentWorkflowId !== undefined && !(await this.workflows.find(botId, input.parentWorkflowId))) {
      throw Errors.notFound('Workflow', input.parentWorkflowId);
    }
    const now = new Date();
    const workflow: WorkflowEntity = {
      botId,
      id: newId('wfl'),
      name: input.name,
      status: input.status,
      input: input.input ?? {},
      output: {},
      parentWorkflowId: input.parentWorkflowId ?? null,
      conversationId: input.conversationId ?? null,
      userId: input.userId ?? null,
      tags,
      failureReason: null,
      timeoutAt: input.timeoutAt !== undefined ? timeoutOf(input.timeoutAt, now) : new Date(now.getTime() + DEFAULT_TIMEOUT_MS),
      completedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const started = await this.workflows.transaction(async (manager) => {
      await this.workflows.insert(workflow, manager);
      await this.scheduleTimeout(workflow, manager);
      return workflow.status === 'pending' ? this.workflowEvents.record(workflow, 'workflow_started', manager) : undefined;
    });
    if (started) this.outbox.publish([started]);
    return workflow;
  }

  private async retag(workflow: WorkflowEntity, changes: TagChanges): Promise<WorkflowEntity> {
    const next = { ...workflow, tags: applyTagChanges(workflow.tags, changes), updatedAt: new Date() };
    await this.workflows.transaction((manager) => this.workflows.save(next, manager));
    return next;
  }

  private scheduleTimeout(workflow: WorkflowEntity, manager: EntityManager): Promise<void> {
    return this.schedules.insert({ botId: workflow.botId, id: workflow.id, kind: 'workflow_timeout', dueAt: workflow.timeoutAt, body: {} }, manager);
  }

  private async require(access: BotAccess, id: string): Promise<WorkflowEntity> {
    const workflow = await this.workflows.find(access.botId, id);
    if (!workflow) throw Errors.notFound('Workflow', id);
    return workflow;
  }
}

/** A timeout must lie ahead, at most a year. */
function timeoutOf(value: string, now: Date): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw Errors.invalidPayload('timeoutAt must be an ISO 8601 date and time');
  if (at.getTime() <= now.getTime()) throw Errors.invalidPayload('timeoutAt must be in the future');
  if (at.getTime() - now.getTime() > MAX_SCHEDULE_MS) throw Errors.invalidPayload('timeoutAt is at most one year ahead');
  return at;
}
