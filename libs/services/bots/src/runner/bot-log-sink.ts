import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { BotLogLine, InternalOperations as Internal } from '@platform/contracts';
import { BusClient, serviceEnvelope } from '@platform/messaging';
import { BOTS } from '../bots-caller';

const FLUSH_INTERVAL_MS = 300;
/** Lines one request carries at most (the operation's limit). */
const BATCH = 500;
/** Lines kept per bot while the runtime cannot take them; older ones give way. */
const MAX_BUFFERED = 2000;
const WINDOW_MS = 60000;

interface BotBuffer {
  lines: BotLogLine[];
  windowStart: number;
  inWindow: number;
  dropped: number;
}

/**
 * Carries bots' log lines (what their code writes, what happens to their processes) to the
 * runtime, which keeps getBotLogs. Bounded: at most `BOT_LOG_LINES_PER_MINUTE` lines per bot
 * (the rest are counted, and the count logged), each at most 4,000 characters.
 */
@Injectable()
export class BotLogSink implements OnApplicationShutdown {
  private readonly logger = new Logger('BotLogSink');
  private readonly buffers = new Map<string, BotBuffer>();
  private readonly timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);

  constructor(
    private readonly bus: BusClient,
    private readonly config: PlatformConfig,
  ) {}

  /** A line the bot's code wrote: counted toward its lines per minute, dropped past them. */
  write(botId: string, level: BotLogLine['level'], message: string, ids: { conversationId?: string; userId?: string } = {}): void {
    const buffer = this.bufferOf(botId);
    if (Date.now() - buffer.windowStart > WINDOW_MS) {
      this.noteDropped(buffer);
      buffer.windowStart = Date.now();
      buffer.inWindow = 0;
    }
    if (++buffer.inWindow > this.config.botLogLinesPerMinute) {
      buffer.dropped++;
      return;
    }
    this.keep(buffer, { timestamp: new Date().toISOString(), level, message: message.slice(0, 4000), ...ids });
  }

  /**
   * A line the platform writes about the bot (its process started, stopped, was taken over):
   * never crowded out by what the bot writes. Bounded by how often such things happen (restarts
   * back off).
   */
  report(botId: string, level: BotLogLine['level'], message: string): void {
    this.keep(this.bufferOf(botId), { timestamp: new Date().toISOString(), level, message: message.slice(0, 4000) });
  }

  private bufferOf(botId: string): BotBuffer {
    const buffer = this.buffers.get(botId) ?? { lines: [], windowStart: Date.now(), inWindow: 0, dropped: 0 };
    this.buffers.set(botId, buffer);
    return buffer;
  }

  private keep(buffer: BotBuffer, line: BotLogLine): void {
    buffer.lines.push(line);
    if (buffer.lines.length > MAX_BUFFERED) buffer.lines.splice(0, buffer.lines.length - MAX_BUFFERED);
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private noteDropped(buffer: BotBuffer): void {
    if (buffer.dropped === 0) return;
    buffer.lines.push({
      timestamp: new Date().toISOString(),
      level: 'warn',
      message: `${buffer.dropped} log lines were dropped: the bot wrote more than ${this.config.botLogLinesPerMinute} in a minute (BOT_LOG_LINES_PER_MINUTE)`,
    });
    buffer.dropped = 0;
  }

  async flush(): Promise<void> {
    for (const [botId, buffer] of this.buffers) {
      if (Date.now() - buffer.windowStart > WINDOW_MS) this.noteDropped(buffer);
      if (buffer.lines.length === 0) {
        if (Date.now() - buffer.windowStart > WINDOW_MS) this.buffers.delete(botId);
        continue;
      }
      const lines = buffer.lines.splice(0, BATCH);
      await this.bus.call(Internal.writeBotLogs, serviceEnvelope(BOTS, { body: { botId, lines } })).catch((error: Error) => {
        this.logger.warn(`Could not write ${lines.length} log lines of bot ${botId}: ${error.message}`);
      });
    }
  }
}
