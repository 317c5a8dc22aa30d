import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import { ApiError, BotAnswer, InternalOperations as Internal } from '@platform/contracts';
import { BusClient, serviceEnvelope } from '@platform/messaging';
import { RUNTIME } from '../runtime-caller';
import { DeliveryOutcome, outcomeOfStatus } from './bot-endpoint';

/** Time the bots service gets beyond the bot's own limits to say what happened. */
const ANSWER_MARGIN_MS = 1000;

/**
 * Delivers to a bot's deployed code: the same request the bot's url would receive, handed over
 * the bus to the bots service, which runs the code (docs/bot-hosting.md). The code's answer
 * means what an HTTP answer means (`outcomeOfStatus`); a bots service that cannot run the bot
 * right now (starting, restarting, taken over) is a failure retried with backoff like an
 * unreachable url.
 */
@Injectable()
export class BotCodeEndpoint {
  constructor(
    private readonly bus: BusClient,
    private readonly config: PlatformConfig,
  ) {}

  async deliver(botId: string, revision: string, headers: Record<string, string>, body: string): Promise<DeliveryOutcome> {
    const timeoutMs = this.config.deliveryTimeoutMs;
    try {
      const answer = (await this.bus.call(Internal.runBot, serviceEnvelope(RUNTIME, { body: { botId, revision, headers, body, timeoutMs } }), {
        // A process starting (a cold start, a restart) does not eat into the event's own time.
        timeoutMs: timeoutMs + this.config.botStartTimeoutMs + ANSWER_MARGIN_MS,
      })) as BotAnswer;
      return outcomeOfStatus(answer.status, answer.reason);
    } catch (error) {
      const reason = ApiError.isApiError(error) ? error.message : 'The bots service failed';
      return { ok: false, retry: true, reason: `The bot's code could not be run: ${reason}` };
    }
  }
}
