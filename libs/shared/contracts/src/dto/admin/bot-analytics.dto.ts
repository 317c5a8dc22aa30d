import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601 } from 'class-validator';

/** The longest period getBotAnalytics answers for: one record per UTC day, so at most 367 records. */
export const MAX_ANALYTICS_DAYS = 366;

export class BotAnalyticsQuery {
  @ApiProperty({ description: 'Start date/time (inclusive), ISO 8601' })
  @IsISO8601({ strict: true })
  startDate: string;

  @ApiProperty({ description: 'End date/time (inclusive), ISO 8601; a date alone means the end of that day (UTC)' })
  @IsISO8601({ strict: true })
  endDate: string;
}

/** Mean, spread and bounds of a measure; all 0 when nothing was measured. */
export class AnalyticsSpread {
  @ApiProperty() mean: number;
  @ApiProperty() sd: number;
  @ApiProperty() min: number;
  @ApiProperty() max: number;
}

export class AnalyticsCost extends AnalyticsSpread {
  @ApiProperty() sum: number;
}

export class AnalyticsLlm {
  @ApiProperty() calls: number;
  @ApiProperty() errors: number;
  @ApiProperty() inputTokens: number;
  @ApiProperty() outputTokens: number;
  @ApiProperty({ type: AnalyticsSpread, description: 'Milliseconds' }) latency: AnalyticsSpread;
  @ApiProperty({ type: AnalyticsSpread, description: 'Output tokens per second' }) tokensPerSecond: AnalyticsSpread;
  @ApiProperty({ type: AnalyticsCost, description: 'U.S. dollars' }) cost: AnalyticsCost;
}

/** One UTC day of the period (docs/contracts.md, "Bot analytics"). */
export class BotAnalyticsRecord {
  @ApiProperty({ description: 'Beginning (inclusive) of the period of this record' }) startDateTimeUtc: string;
  @ApiProperty({ description: 'End (inclusive) of the period of this record' }) endDateTimeUtc: string;
  @ApiProperty({ description: 'Users created before the period who wrote in it' }) returningUsers: number;
  @ApiProperty({ description: 'Users created in the period' }) newUsers: number;
  @ApiProperty({ description: 'Conversations in which a user wrote in the period' }) sessions: number;
  @ApiProperty({ description: 'Deprecated: the same as userMessages' }) messages: number;
  @ApiProperty({ description: 'Messages of users (incoming)' }) userMessages: number;
  @ApiProperty({ description: 'Messages of the bot (outgoing)' }) botMessages: number;
  @ApiProperty({ description: "Events of the bot's event log" }) events: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'Events by type' }) eventTypes: Record<string, number>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'Counters added with trackAnalytics' })
  customEvents: Record<string, number>;
  @ApiProperty({ type: AnalyticsLlm, description: 'The platform makes no LLM calls for bots: always 0' }) llm: AnalyticsLlm;
}

export class BotAnalyticsResponse {
  @ApiProperty({ type: [BotAnalyticsRecord] }) records: BotAnalyticsRecord[];
}
