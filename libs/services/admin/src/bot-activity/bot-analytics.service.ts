import { Injectable } from '@nestjs/common';
import { AnalyticsLlm, BotActivityResponse, BotAnalyticsQuery, BotAnalyticsResponse, DayActivity, InternalOperations as Internal } from '@platform/contracts';
import { BusClient, serviceEnvelope } from '@platform/messaging';
import { WorkspaceAccess } from '../access/access.service';
import { ADMIN } from '../admin-caller';
import { BotsService } from '../bots/bots.service';
import { analyticsPeriod, periodDays } from './analytics-period';

/** The platform calls no LLM for a bot, so it has no calls, tokens, latency or cost to report. */
const NO_LLM_USE = (): AnalyticsLlm => ({
  calls: 0,
  errors: 0,
  inputTokens: 0,
  outputTokens: 0,
  latency: { mean: 0, sd: 0, min: 0, max: 0 },
  tokensPerSecond: { mean: 0, sd: 0, min: 0, max: 0 },
  cost: { sum: 0, mean: 0, sd: 0, min: 0, max: 0 },
});

/**
 * getBotAnalytics (docs/contracts.md, "Bot analytics"): one record per UTC day of the period,
 * counted by the runtime service from the bot's data there; days without activity are zeros.
 */
@Injectable()
export class BotAnalyticsService {
  constructor(
    private readonly bots: BotsService,
    private readonly bus: BusClient,
  ) {}

  async analytics(access: WorkspaceAccess, botId: string, query: BotAnalyticsQuery): Promise<BotAnalyticsResponse> {
    const period = analyticsPeriod(query.startDate, query.endDate);
    await this.bots.get(access, botId);
    const body = { botId, startDate: period.start.toISOString(), endDate: period.end.toISOString() };
    const { days } = (await this.bus.call(Internal.botActivity, serviceEnvelope(ADMIN, { body }))) as BotActivityResponse;
    const byDay = new Map(days.map((d) => [d.day, d]));
    return {
      records: periodDays(period).map(({ day, start, end }) => {
        const activity: Partial<DayActivity> = byDay.get(day) ?? {};
        return {
          startDateTimeUtc: start.toISOString(),
          endDateTimeUtc: end.toISOString(),
          returningUsers: activity.returningUsers ?? 0,
          newUsers: activity.newUsers ?? 0,
          sessions: activity.sessions ?? 0,
          messages: activity.userMessages ?? 0,
          userMessages: activity.userMessages ?? 0,
          botMessages: activity.botMessages ?? 0,
          events: activity.events ?? 0,
          eventTypes: activity.eventTypes ?? {},
          customEvents: activity.customEvents ?? {},
          llm: NO_LLM_USE(),
        };
      }),
    };
  }
}
