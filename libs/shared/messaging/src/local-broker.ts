import { Injectable } from '@nestjs/common';
import { CustomTransportStrategy, MessageHandler, Server } from '@nestjs/microservices';
import { isObservable, lastValueFrom, Observable } from 'rxjs';
import { ApiError, Errors } from '@platform/contracts';
import { RequestContext } from '@platform/logging';
import { BusClient, BusSubscription, RequestOptions } from './bus-client';
import { PublishDeferral } from './publish-deferral';
import { RawJson, stringifyWithRaw } from './raw-json';

/**
 * An in-process stand-in for NATS: services of one process register their handlers here and
 * call each other directly. It exists to measure what the NATS hop costs (`npm run bench`);
 * deployments always use NATS.
 */
export class LocalBroker {
  readonly handlers = new Map<string, MessageHandler>();
  readonly subscribers = new Map<string, Set<(payload: unknown) => void | Promise<void>>>();
}

/** Values cross the local bus as JSON, as they would over NATS, so no object is shared. */
function copy<T>(value: T): T {
  if (value === undefined) return value;
  try {
    return JSON.parse(stringifyWithRaw(value));
  } catch (error) {
    // A forwarded body that is not JSON: the same answer the bus gives.
    if (error instanceof SyntaxError) throw Errors.invalidPayload('The request body is not valid JSON');
    throw error;
  }
}

@Injectable()
export class LocalBusClient extends BusClient {
  constructor(private readonly broker: LocalBroker) {
    super();
  }

  async request<T>(subject: string, payload: unknown, _options?: RequestOptions): Promise<T> {
    return copy(await this.answer(subject, payload)) as T;
  }

  async requestText(subject: string, payload: unknown, _options?: RequestOptions): Promise<RawJson> {
    return new RawJson(stringifyWithRaw(await this.answer(subject, payload)));
  }

  private async answer(subject: string, payload: unknown): Promise<unknown> {
    const handler = this.broker.handlers.get(subject);
    if (!handler) throw Errors.serviceUnavailable(subject.split('.')[0]);
    const outcome = await handler(copy(payload));
    const result = isObservable(outcome) ? await lastValueFrom(outcome as Observable<unknown>, { defaultValue: undefined }) : outcome;
    return result ?? null;
  }

  publish(subject: string, payload: unknown): Promise<void> {
    return PublishDeferral.publish(async () => {
      for (const subscriber of this.broker.subscribers.get(subject) ?? []) void subscriber(copy(payload));
    });
  }

  async subscribe(subject: string, onMessage: (payload: unknown) => void | Promise<void>): Promise<BusSubscription> {
    const set = this.broker.subscribers.get(subject) ?? new Set();
    set.add(onMessage);
    this.broker.subscribers.set(subject, set);
    return { unsubscribe: () => set.delete(onMessage) };
  }

  async serve(subject: string, onRequest: (payload: unknown) => Promise<unknown>): Promise<BusSubscription> {
    this.broker.handlers.set(subject, (payload: unknown) => onRequest(payload) as never);
    return { unsubscribe: () => this.broker.handlers.delete(subject) };
  }
}

/** Registers a service's message handlers with the in-process broker. */
export class LocalBusServer extends Server implements CustomTransportStrategy {
  constructor(private readonly broker: LocalBroker) {
    super();
  }

  listen(callback: () => void): void {
    for (const [pattern, handler] of this.messageHandlers) {
      this.broker.handlers.set(pattern, async (data: unknown) => {
        try {
          const { requestId, idempotencyKey } = (data ?? {}) as { requestId?: unknown; idempotencyKey?: unknown };
          const context = {
            requestId: typeof requestId === 'string' ? requestId : '',
            idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
          };
          // Subscribed inside the context, as on NATS: the handler runs when its observable is.
          return await RequestContext.run(context, async () => {
            const outcome = await handler(data);
            return isObservable(outcome) ? lastValueFrom(outcome as Observable<unknown>, { defaultValue: undefined }) : outcome;
          });
        } catch (error) {
          throw ApiError.isApiError(error) ? error : Errors.internal();
        }
      });
    }
    callback();
  }

  close(): void {
    for (const pattern of this.messageHandlers.keys()) this.broker.handlers.delete(pattern);
  }

  on(): never {
    throw new Error('LocalBusServer does not emit transport events');
  }

  unwrap<T>(): T {
    return this.broker as T;
  }
}
