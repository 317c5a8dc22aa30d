import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  BotFailedEvent,
  BotFailureGroup,
  BotIssueResponse,
  BotIssueView,
  Errors,
  InternalOperations as Internal,
  ListBotIssueEventsResponse,
  ListBotIssuesResponse,
} from '@platform/contracts';
import { BusClient, serviceEnvelope } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { ADMIN } from '../admin-caller';
import { BotsService } from '../bots/bots.service';
import { BotIssuesRepository } from './bot-issues.repository';

/** The id of the issue of one failure reason: the same for every bot, stable across calls. */
const issueIdOf = (reason: string) => `issue_${createHash('sha256').update(reason).digest('hex').slice(0, 24)}`;

/** What a failure reason says about whose the problem is. */
function categoryOf(reason: string): BotIssueView['category'] {
  if (/permitted destination|bot url|redirected/i.test(reason)) return 'configuration';
  if (/answered \d{3}|code could not be run|did not answer in time/i.test(reason)) return 'user_code';
  return 'other';
}

/**
 * A bot's issues (docs/contracts.md, "Bot issues"): its failed deliveries, grouped by failure
 * reason. Dismissing one hides it until the same failure happens again.
 */
@Injectable()
export class BotIssuesService {
  constructor(
    private readonly dismissals: BotIssuesRepository,
    private readonly bots: BotsService,
    private readonly bus: BusClient,
  ) {}

  async list(access: WorkspaceAccess, botId: string): Promise<ListBotIssuesResponse> {
    return { issues: await this.issues(access, botId), meta: {} };
  }

  async get(access: WorkspaceAccess, botId: string, issueId: string): Promise<BotIssueResponse> {
    return { issue: await this.find(access, botId, issueId) };
  }

  async delete(access: WorkspaceAccess, botId: string, issueId: string): Promise<Record<string, never>> {
    await this.find(access, botId, issueId);
    await this.dismissals.dismiss(botId, issueId, new Date());
    return {};
  }

  async events(access: WorkspaceAccess, botId: string, issueId: string): Promise<ListBotIssueEventsResponse> {
    const issue = await this.find(access, botId, issueId);
    const dismissedAt = (await this.dismissals.dismissals(botId)).get(issueId);
    const events = await this.failedEvents(botId, issue.description, dismissedAt);
    return {
      issueEvents: events.map((e) => ({
        id: e.id,
        createdAt: e.createdAt,
        data: { eventId: { raw: e.id }, eventType: { raw: e.type }, reason: { raw: issue.description } },
      })),
    };
  }

  private async find(access: WorkspaceAccess, botId: string, issueId: string): Promise<BotIssueView> {
    const issue = (await this.issues(access, botId)).find((i) => i.id === issueId);
    if (!issue) throw Errors.notFound('Issue', issueId);
    return issue;
  }

  /** The bot's issues not dismissed since they last happened, counting only what came after a dismissal. */
  private async issues(access: WorkspaceAccess, botId: string): Promise<BotIssueView[]> {
    await this.bots.get(access, botId);
    const { groups } = (await this.bus.call(Internal.botFailures, serviceEnvelope(ADMIN, { body: { botId } }))) as { groups: BotFailureGroup[] };
    const dismissed = await this.dismissals.dismissals(botId);
    const issues: BotIssueView[] = [];
    for (const group of groups) {
      const id = issueIdOf(group.reason);
      const dismissedAt = dismissed.get(id);
      let { count, first } = group;
      if (dismissedAt) {
        if (Date.parse(group.last) <= dismissedAt.getTime()) continue;
        const since = await this.failedEvents(botId, group.reason, dismissedAt);
        count = since.length;
        first = since[since.length - 1].createdAt;
      }
      issues.push({
        id,
        code: 'event_delivery_failed',
        createdAt: first,
        lastSeenAt: group.last,
        title: 'Events could not be delivered to the bot',
        description: group.reason,
        groupedData: { reason: { raw: group.reason } },
        eventsCount: count,
        category: categoryOf(group.reason),
        resolutionLink: null,
      });
    }
    return issues;
  }

  private async failedEvents(botId: string, reason: string, after?: Date): Promise<BotFailedEvent[]> {
    const body = { botId, reason, ...(after ? { after: after.toISOString() } : {}) };
    return ((await this.bus.call(Internal.botFailedEvents, serviceEnvelope(ADMIN, { body }))) as { events: BotFailedEvent[] }).events;
  }
}
