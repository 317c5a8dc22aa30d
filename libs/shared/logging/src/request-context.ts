import { AsyncLocalStorage } from 'node:async_hooks';

interface Context {
  requestId: string;
  /** When the caller stops waiting (epoch ms), if it said. */
  deadline?: number;
  /** The `Idempotency-Key` of the request served, passed on to the services it asks. */
  idempotencyKey?: string;
}

const storage = new AsyncLocalStorage<Context>();

/**
 * The request being served, carried across awaits: every log line written while handling it
 * names its request id, in the gateway and in every service the request reaches, and every
 * request made on its behalf waits no longer than its caller does.
 */
export const RequestContext = {
  run<T>(context: string | Context, work: () => T): T {
    return storage.run(typeof context === 'string' ? { requestId: context } : context, work);
  },
  /**
   * Runs work a request sets going that outlives it (a background job): its log lines keep the
   * request's id, but the requests it makes wait by their own timeout, not by what the request
   * had left, and carry no idempotency key.
   */
  detached<T>(work: () => T): T {
    const requestId = storage.getStore()?.requestId;
    return requestId === undefined ? storage.exit(work) : storage.run({ requestId }, work);
  },
  requestId(): string | undefined {
    return storage.getStore()?.requestId;
  },
  idempotencyKey(): string | undefined {
    return storage.getStore()?.idempotencyKey;
  },
  /** Milliseconds left before the caller stops waiting, or undefined when it set no deadline. */
  remainingMs(): number | undefined {
    const deadline = storage.getStore()?.deadline;
    return deadline === undefined ? undefined : deadline - Date.now();
  },
};
