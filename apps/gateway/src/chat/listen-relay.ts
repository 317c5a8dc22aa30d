import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PlatformConfig } from '@platform/config';
import { Errors, ListenGrant, SignalEnvelope } from '@platform/contracts';
import { BusClient, BusSubscription } from '@platform/messaging';

/** Live streams one gateway holds at most; more are refused rather than exhausting memory. */
const MAX_STREAMS = 10000;

/**
 * Relays a conversation's signals to one listener as server-sent events. The stream is fed by a
 * plain NATS subscription to the subject the runtime publishes on, so every gateway replica
 * receives every signal whichever service replica handled the write, and nothing polls.
 */
@Injectable()
export class ListenRelay {
  private open = 0;

  constructor(
    private readonly bus: BusClient,
    private readonly config: PlatformConfig,
  ) {}

  async relay(grant: ListenGrant, req: Request, res: Response): Promise<void> {
    if (this.open >= MAX_STREAMS) throw Errors.serviceUnavailable('chat');
    this.open++;
    let finished = false;
    let subscription: BusSubscription | undefined;
    let keepAlive: NodeJS.Timeout | undefined;
    const write = (chunk: string) => !finished && res.write(chunk);
    const finish = () => {
      if (finished) return;
      finished = true;
      this.open--;
      clearInterval(keepAlive);
      subscription?.unsubscribe();
      res.end();
    };
    req.on('close', finish);
    res.status(200);
    res.setHeader('content-type', 'text/event-stream; charset=utf-8');
    res.setHeader('cache-control', 'no-cache, no-transform');
    res.setHeader('connection', 'keep-alive');
    res.setHeader('x-accel-buffering', 'no');

    subscription = await this.bus
      .subscribe(grant.subject, (payload) => {
        const { signal, closeFor } = payload as SignalEnvelope;
        if (signal) write(`data: ${JSON.stringify(signal)}\n\n`);
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

    res.flushHeaders();
    // A comment keeps proxies from dropping the idle connection; a ping message resets the
    // client's watchdog, which only counts messages (its schemas ignore the unknown type).
    keepAlive = setInterval(() => write(`: keep-alive\n\ndata: {"type":"ping","data":{}}\n\n`), this.config.listenKeepAliveMs);
    write(': connected\n\n');
    if (req.destroyed) finish();
  }
}
