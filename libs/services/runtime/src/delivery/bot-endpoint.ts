import { createHmac } from 'node:crypto';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Agent, request } from 'undici';
import { PlatformConfig } from '@platform/config';
import { DestinationGuard } from './destination-guard';

type Failure = { ok: false; retry: boolean; reason: string };
export type DeliveryOutcome = { ok: true } | Failure;
/** What a bot answered: its status, and where it redirects to, if it does. */
type Answer = { status: number; location?: string };

export interface Delivery {
  url: string;
  /** The `{ event }` body, serialised once. */
  body: string;
  headers: Record<string, string>;
  /** Sign the delivery, one signature per secret (the bot's current one, and one rotated out within a day). */
  signingSecrets?: string[];
}

/** Answers a bot may give that say "not now" rather than "no": the event is tried again. */
const RETRYABLE_STATUSES = new Set([408, 425, 429]);
const MAX_REDIRECTS = 3;
/** Answers are not needed: at most this much of one is read before the connection is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs deliveries to bots' urls (the `@botpress/sdk` bot-server convention), through pooled
 * keep-alive connections (undici's client: with 16 deliveries under way, a quarter less CPU per
 * delivery than `node:http`'s), to permitted destinations only (`DestinationGuard`, every redirect hop
 * included), within `DELIVERY_TIMEOUT_MS`, signed with the bot's signing secret when it has one
 * (`x-bp-timestamp`, `x-bp-signature: sha256=<HMAC of "<timestamp>.<body>">`, one per active
 * secret, comma separated). A 2xx is success;
 * a 5xx, a 408/425/429, a timeout or an unreachable bot is retried; any other 4xx means the bot
 * refused the event, which is not retried. Failure reasons never tell what lies behind a
 * refused destination.
 */
@Injectable()
export class BotEndpoint implements OnApplicationShutdown {
  private readonly guard: DestinationGuard;
  /** Connections to bots, at most 64 to any one origin; each made to an address the guard checked. */
  private readonly agent: Agent;

  constructor(private readonly config: PlatformConfig) {
    this.guard = new DestinationGuard(config.deliveryAllowedNetworks);
    this.agent = new Agent({ connections: 64, connect: { lookup: this.guard.lookup } });
  }

  onApplicationShutdown(): void {
    void this.agent.destroy().catch(() => undefined);
  }

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...delivery.headers };
    if (delivery.signingSecrets?.length) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      headers['x-bp-timestamp'] = timestamp;
      headers['x-bp-signature'] = delivery.signingSecrets
        .map((secret) => `sha256=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`)
        .join(',');
    }
    const deadline = Date.now() + this.config.deliveryTimeoutMs;
    let url = delivery.url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const target = this.checked(url);
      if ('reason' in target) return target;
      const answer = await this.post(target, headers, delivery.body, deadline - Date.now());
      if ('reason' in answer) return answer;
      const { status, location } = answer;
      if ((status === 307 || status === 308) && location) {
        url = new URL(location, url).toString();
        continue;
      }
      return outcomeOfStatus(status);
    }
    return { ok: false, retry: false, reason: `The bot redirected more than ${MAX_REDIRECTS} times` };
  }

  private checked(url: string): URL | Failure {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, retry: false, reason: 'The bot url is not a valid URL' };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, retry: false, reason: 'The bot url must be http or https' };
    if (!this.guard.permitsHost(parsed.hostname)) return refusedDestination();
    return parsed;
  }

  private async post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Answer | Failure> {
    if (timeoutMs <= 0) return notInTime();
    // One deadline for the whole exchange, the answer's body included (however slowly it comes).
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    try {
      const answer = await request(url, { method: 'POST', headers, body, dispatcher: this.agent, signal: deadline.signal });
      // Not needed beyond its status: read up to the bound, then the connection is dropped.
      await answer.body.dump({ limit: MAX_ANSWER_BYTES, signal: deadline.signal });
      const location = answer.headers.location;
      return { status: answer.statusCode, location: Array.isArray(location) ? location[0] : location };
    } catch (error) {
      if (deadline.signal.aborted) return notInTime();
      if ((error as NodeJS.ErrnoException).code === 'EDESTINATION') return refusedDestination();
      return { ok: false, retry: true, reason: 'The bot could not be reached' };
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * What a bot's answer means, whether it came over HTTP or from its deployed code: a 2xx is
 * success; a 5xx or a 408/425/429 is retried; any other status means the bot refused the event.
 */
export function outcomeOfStatus(status: number, why?: string): DeliveryOutcome {
  const said = why ? `: ${why}` : '';
  if (status >= 200 && status < 300) return { ok: true };
  if (status >= 500 || RETRYABLE_STATUSES.has(status)) return { ok: false, retry: true, reason: `The bot answered ${status}${said}` };
  return { ok: false, retry: false, reason: `The bot answered ${status}${said}; the event is not retried (the bot refused it)` };
}

function notInTime(): Failure {
  return { ok: false, retry: true, reason: 'The bot did not answer in time' };
}

function refusedDestination(): Failure {
  return { ok: false, retry: false, reason: 'The bot url is not a permitted destination (a local, private or special address)' };
}
