import { Injectable, Logger } from '@nestjs/common';
import { BotLogLine, BotLogsResponse, Errors, newId } from '@platform/contracts';
import { pageMeta, Statement } from '@platform/persistence';
import { BotLogEntity, BotLogLevel } from './bot-log.entity';
import { BotLogFilter, BotLogsRepository } from './bot-logs.repository';

type LineContext = { conversationId?: string | null; userId?: string | null };

function line(botId: string, level: BotLogLevel, message: string, context: LineContext): BotLogEntity {
  return {
    botId,
    id: newId('log'),
    timestamp: new Date(),
    level,
    message,
    conversationId: context.conversationId ?? null,
    userId: context.userId ?? null,
  };
}

/** The log a bot's owner reads with getBotLogs: what happened to the bot's events. */
@Injectable()
export class BotLogsService {
  private readonly logger = new Logger('BotLogs');

  constructor(private readonly logs: BotLogsRepository) {}

  /** Never fails the caller: a lost log line must not fail a delivery. */
  async write(botId: string, level: BotLogLevel, message: string, context: LineContext = {}): Promise<void> {
    await this.logs.insert(line(botId, level, message, context)).catch((error) => this.logger.warn(`Bot log not written: ${(error as Error).message}`));
  }

  /** The write of a line, for a caller that stores it with a write of its own (in one statement). */
  statement(botId: string, level: BotLogLevel, message: string, context: LineContext = {}): Statement {
    return this.logs.insertStatement(line(botId, level, message, context));
  }

  /** Lines written by the bots service: what a bot's process wrote and what happened to it. */
  async append(botId: string, lines: BotLogLine[]): Promise<Record<string, never>> {
    if (lines.length > 0) {
      await this.logs.insert(
        lines.map((line) => ({
          botId,
          id: newId('log'),
          timestamp: new Date(line.timestamp),
          level: line.level,
          message: line.message,
          conversationId: line.conversationId ?? null,
          userId: line.userId ?? null,
        })),
      );
    }
    return {};
  }

  async list(filter: Omit<BotLogFilter, 'timeStart' | 'timeEnd'> & { timeStart: string; timeEnd?: string }): Promise<BotLogsResponse> {
    const timeStart = new Date(filter.timeStart);
    const timeEnd = filter.timeEnd ? new Date(filter.timeEnd) : undefined;
    if (Number.isNaN(timeStart.getTime()) || (timeEnd && Number.isNaN(timeEnd.getTime()))) {
      throw Errors.invalidPayload('timeStart and timeEnd must be ISO 8601 dates');
    }
    const page = await this.logs.list({ ...filter, timeStart, timeEnd });
    return {
      logs: page.items.map((l) => ({
        timestamp: l.timestamp.toISOString(),
        level: l.level,
        message: l.message,
        ...(l.conversationId ? { conversationId: l.conversationId } : {}),
        ...(l.userId ? { userId: l.userId } : {}),
      })),
      ...pageMeta(page),
    };
  }
}
