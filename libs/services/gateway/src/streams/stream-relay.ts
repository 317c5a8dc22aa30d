import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PlatformConfig } from '@platform/config';
import {
  AnyOperation,
  BotInvalidation,
  ChatOperations,
  ConversationNotice,
  Errors,
  NoticeEnvelope,
  StreamGrant,
  Subjects,
  toChatSignal,
  toWebchatSignals,
  WebchatOperations,
} from '@platform/contracts';
import { BusClient, BusSubscription } from '@platform/messaging';

/** Live streams one gateway holds at most; more are refused rather than exhausting memory. */
const MAX_STREAMS = 10000;

/**
 * How long after a webhook changed its streams are checked again: long enough for the chat
 * service to have dropped what it cached of the webhook (it hears of the change at the same time).
 */
const RECHECK_DELAY_MS = 250;

/** Each API's signals for a notice, and the operation that checks again that a listener may still listen. */
const APIS: Record<StreamGrant['api'], { signals(notice: ConversationNotice): unknown[]; listen: AnyOperation }> = {
  chat: { signals: (notice) => [toChatSignal(notice)].filter(Boolean), listen: ChatOperations.listenConversation },
  webchat: { signals: toWebchatSignals, listen: WebchatOperations.listenConversation },
};

interface OpenStream {
  grant: StreamGrant;
  requestId: string;
  finish(): void;
}

/**
 * Relays a conversation's signals to one listener as server-sent events. The stream is fed by a
 * plain NATS subscription to the subject the runtime publishes on, so every gateway replica
 * receives every signal whichever service replica handled the write, and nothing polls.
 *
 * A stream ends as soon as its listener may no longer listen (docs/architecture.md, "Live
 * streams"): the runtime's notice ends it when the user leaves the conversation, is deleted, or
 * the conversation is; when the webhook changes (disabled, uninstalled, its key rotated) every
 * stream granted through it is checked again and ends if the grant no longer holds.
 */
@Injectable()
export class StreamRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StreamRelay');
  private readonly byWebhook = new Map<string, Set<OpenStream>>();
  private open = 0;
  private invalidations?: BusSubscription;

  constructor(
    private readonly bus: BusClient,
    private readonly config: PlatformConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.invalidations = await this.bus.subscribe(Subjects.invalidate.bot, (notice) => {
      for (const webhookId of (notice as BotInvalidation).webhookIds ?? []) {
        const streams = this.byWebhook.get(webhookId);
        if (streams?.size) setTimeout(() => void this.recheck([...streams]), RECHECK_DELAY_MS).unref();
      }
    });
  }

  onApplicationShutdown(): void {
    this.invalidations?.unsubscribe();
  }

  async relay(grant: StreamGrant, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (this.open >= MAX_STREAMS) throw Errors.serviceUnavailable('chat');
    const req = request.raw;
    const res = reply.raw;
    this.open++;
    let finished = false;
    let subscription: BusSubscription | undefined;
    let keepAlive: NodeJS.Timeout | undefined;
    const stream: OpenStream = { grant, requestId: request.requestId, finish: () => finish() };
    const write = (chunk: string) => !finished && res.write(chunk);
    const event = (data: unknown) => write(`data: ${JSON.stringify(data)}\n\n`);
    const finish = () => {
      if (finished) return;
      finished = true;
      this.open--;
      clearInterval(keepAlive);
      subscription?.unsubscribe();
      this.forget(stream);
      res.end();
    };
    req.on('close', finish);

    const api = APIS[grant.api];
    subscription = await this.bus
      .subscribe(grant.subject, (payload) => {
        const { notice, closeFor } = payload as NoticeEnvelope;
        if (notice) for (const signal of api.signals(notice)) event(signal);
        if (closeFor === 'everyone' || (closeFor && closeFor.userId === grant.userId)) finish();
      })
      .catch((error) => {
        finished = true;
        this.open--;
        throw error;
      });
    if (finished) {
      subscription.unsubscribe();
      return;
    }
    this.remember(stream);

    // From here on the stream writes its own answer, on the raw response.
    reply.hijack();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // A stream's connection is never reused: when the stream ends, the client's event source may
      // still abort its request, and on a socket its agent had handed to another request that
      // abort would reset it (ECONNRESET) or leave it hanging.
      connection: 'close',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    // Idle clients drop a silent connection: Node's default agent after 5 s without a byte,
    // proxies after longer. A comment every LISTEN_KEEPALIVE_MS keeps the socket busy; a ping
    // message resets the chat client's watchdog, which only counts messages (its schemas ignore
    // the unknown type, and so does the web chat's).
    keepAlive = setInterval(() => write(`: keep-alive\n\ndata: {"type":"ping","data":{}}\n\n`), this.config.listenKeepAliveMs);
    write(': connected\n\n');
    if (grant.initial) event(grant.initial);
    if (req.destroyed) finish();
  }

  /** Asks again, with the stream's own credential, whether its listener may still listen; a refusal ends it. */
  private async recheck(streams: OpenStream[]): Promise<void> {
    await Promise.all(
      streams.map(async ({ grant, requestId, finish }) => {
        try {
          await this.bus.call(APIS[grant.api].listen, {
            requestId,
            caller: { webhookId: grant.webhookId, userKey: grant.userKey },
            params: { id: grant.conversationId },
          });
        } catch (error) {
          const code = (error as { code?: number }).code ?? 500;
          // Only a refusal ends it: a service that is briefly away is no reason to drop listeners.
          if (code >= 400 && code < 500) finish();
          else this.logger.warn(`Could not check a live stream again: ${(error as Error).message}`);
        }
      }),
    );
  }

  private remember(stream: OpenStream): void {
    const streams = this.byWebhook.get(stream.grant.webhookId) ?? new Set();
    streams.add(stream);
    this.byWebhook.set(stream.grant.webhookId, streams);
  }

  private forget(stream: OpenStream): void {
    const streams = this.byWebhook.get(stream.grant.webhookId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byWebhook.delete(stream.grant.webhookId);
  }
}
