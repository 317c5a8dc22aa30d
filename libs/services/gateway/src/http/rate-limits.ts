import { hash, randomUUID } from 'node:crypto';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { PlatformConfig } from '@platform/config';
import { ApiError, Caller, Errors, Subjects } from '@platform/contracts';
import { BusClient, BusSubscription } from '@platform/messaging';

/** Every limit counts over a window of one minute. */
const WINDOW_S = 60;
/** How often a replica tells the others what it counted (their counts lag by at most this). */
const SHARE_EVERY_MS = 500;
/** Most keys one share message carries; a replica under a flood sends the rest next time. */
const MAX_KEYS_PER_SHARE = 5000;

type LimitName = 'client' | 'credential' | 'authFailures';

/** What one gateway replica counted since its last share, by limit and hashed key. */
interface ConsumedShare {
  from: string;
  consumed: Partial<Record<LimitName, Record<string, number>>>;
}

/**
 * Rate limits of the gateway (docs/contracts.md, "Rate limits"): requests per minute per client
 * address and per credential, and refused credentials per minute per client address (past it,
 * every request carrying a credential from that address waits for the window to pass). Over a
 * limit is a 429 `RateLimited` with `Retry-After`.
 *
 * Each replica counts in memory (rate-limiter-flexible) and tells the others, over the bus,
 * what it counted every half second; they add it to their own counts. So a client spreading its
 * requests over replicas meets the same limits, without a store of its own.
 */
@Injectable()
export class RateLimits implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RateLimits');
  private readonly id = randomUUID();
  private readonly limiters: Partial<Record<LimitName, RateLimiterMemory>> = {};
  private pending: Partial<Record<LimitName, Map<string, number>>> = {};
  private timer?: NodeJS.Timeout;
  private subscription?: BusSubscription;

  constructor(
    config: PlatformConfig,
    private readonly bus: BusClient,
  ) {
    const limits: Record<LimitName, number> = {
      client: config.rateLimitPerClient,
      credential: config.rateLimitPerCredential,
      authFailures: config.rateLimitAuthFailures,
    };
    for (const [name, points] of Object.entries(limits) as Array<[LimitName, number]>) {
      // 0 turns a limit off.
      if (points > 0) this.limiters[name] = new RateLimiterMemory({ points, duration: WINDOW_S });
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe(Subjects.rateLimits, (message) => this.receive(message as ConsumedShare));
    this.timer = setInterval(() => void this.share(), SHARE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.subscription?.unsubscribe();
  }

  /** Counts a request of this client address; a 429 past the limit. */
  admitClient(address: string): Promise<void> {
    return this.consume('client', address);
  }

  /**
   * Counts a request carrying this caller's credential, from this address: a 429 past the
   * credential's limit, or while the address has had too many credentials refused.
   */
  async admitCaller(caller: Caller, address: string): Promise<void> {
    const credential = credentialOf(caller);
    if (!credential) return;
    await this.check('authFailures', address);
    await this.consume('credential', credential);
  }

  /** A credential from this address was refused (401): counts toward the address's failures. */
  async refused(address: string): Promise<void> {
    await this.consume('authFailures', address).catch(() => undefined);
  }

  private async consume(name: LimitName, rawKey: string): Promise<void> {
    const limiter = this.limiters[name];
    if (!limiter) return;
    const key = hashKey(rawKey);
    this.note(name, key, 1);
    try {
      await limiter.consume(key, 1);
    } catch (rejection) {
      throw tooMany(name, rejection);
    }
  }

  /** Refuses while the limit is exhausted, without counting. */
  private async check(name: LimitName, rawKey: string): Promise<void> {
    const limiter = this.limiters[name];
    if (!limiter) return;
    const state = await limiter.get(hashKey(rawKey));
    if (state && state.consumedPoints >= limiter.points) throw tooMany(name, state);
  }

  private note(name: LimitName, key: string, points: number): void {
    const counts = (this.pending[name] ??= new Map());
    counts.set(key, (counts.get(key) ?? 0) + points);
  }

  private async share(): Promise<void> {
    const pending = this.pending;
    this.pending = {};
    const consumed: ConsumedShare['consumed'] = {};
    let keys = 0;
    for (const [name, counts] of Object.entries(pending) as Array<[LimitName, Map<string, number>]>) {
      for (const [key, points] of counts) {
        if (keys++ >= MAX_KEYS_PER_SHARE) break;
        (consumed[name] ??= {})[key] = points;
      }
    }
    if (keys === 0) return;
    await this.bus.publish(Subjects.rateLimits, { from: this.id, consumed } satisfies ConsumedShare).catch((error: Error) => {
      this.logger.debug(`Could not share rate-limit counts: ${error.message}`);
    });
  }

  private async receive(share: ConsumedShare): Promise<void> {
    if (!share || share.from === this.id || typeof share.consumed !== 'object' || share.consumed === null) return;
    for (const [name, counts] of Object.entries(share.consumed) as Array<[LimitName, Record<string, unknown>]>) {
      const limiter = this.limiters[name];
      if (!limiter || typeof counts !== 'object' || counts === null) continue;
      for (const [key, points] of Object.entries(counts)) {
        if (typeof points === 'number' && points > 0) await limiter.penalty(key, Math.min(points, limiter.points)).catch(() => undefined);
      }
    }
  }
}

/** The credential a request carries: a token (already hashed by the gateway) or a chat user key. */
function credentialOf(caller: Caller): string | undefined {
  if ('tokenHash' in caller) return `token:${caller.tokenHash}`;
  if ('userKey' in caller && caller.userKey) return `user-key:${caller.userKey}`;
  return undefined;
}

/** Keys travel and are kept hashed: no address or credential in clear on the bus or in memory. */
function hashKey(raw: string): string {
  return hash('sha256', raw, 'base64url').slice(0, 32);
}

const WHAT: Record<LimitName, string> = {
  client: 'requests from this address',
  credential: 'requests with this credential',
  authFailures: 'refused credentials from this address',
};

function tooMany(name: LimitName, state: unknown): ApiError {
  const msBeforeNext = state instanceof RateLimiterRes ? state.msBeforeNext : WINDOW_S * 1000;
  const retryAfterS = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return Errors.rateLimited(`Too many ${WHAT[name]}; retry in ${retryAfterS} s`, retryAfterS);
}
