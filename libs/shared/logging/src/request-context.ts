import { AsyncLocalStorage } from 'node:async_hooks';

interface Context {
  requestId: string;
  /** When the caller stops waiting (epoch ms), if it said. */
  deadline?: number;
  /** The `Idempotency-Key` of the request served, passed on to the services it asks. */
  idempotencyKey?: string;
}

/** What the store holds: the request being served, and the values of `ContextSlot`s, by their keys. */
interface Store {
  request?: Context;
  [slot: symbol]: unknown;
}

/**
 * The process's one async-local store. On Node 20 every store that has been entered makes every
 * later promise of the process pay to carry it (about 0.1 µs each, on every await of every
 * request): the request and the values other libraries keep for its work share this one.
 */
const storage = new AsyncLocalStorage<Store>();

/** The current store with `request` in place of its request; the slots' values stay. */
function withRequest(request: Context | undefined): Store {
  return { ...storage.getStore(), request };
}

/**
 * The request being served, carried across awaits: every log line written while a service
 * handles it names its request id, and every request made on its behalf waits no longer than its
 * caller does. (The gateway carries the id on the HTTP request instead.)
 */
export const RequestContext = {
  run<T>(context: string | Context, work: () => T): T {
    return storage.run(withRequest(typeof context === 'string' ? { requestId: context } : context), work);
  },
  /**
   * Runs work a request sets going that outlives it (a background job): its log lines keep the
   * request's id, but the requests it makes wait by their own timeout, not by what the request
   * had left, and carry no idempotency key.
   */
  detached<T>(work: () => T): T {
    const requestId = storage.getStore()?.request?.requestId;
    return storage.run(withRequest(requestId === undefined ? undefined : { requestId }), work);
  },
  requestId(): string | undefined {
    return storage.getStore()?.request?.requestId;
  },
  idempotencyKey(): string | undefined {
    return storage.getStore()?.request?.idempotencyKey;
  },
  /** Milliseconds left before the caller stops waiting, or undefined when it set no deadline. */
  remainingMs(): number | undefined {
    const deadline = storage.getStore()?.request?.deadline;
    return deadline === undefined ? undefined : deadline - Date.now();
  },
};

/**
 * A value another library keeps for the work under way (a request's database transaction, the
 * notices held back until it commits), carried across awaits in the request's store rather than
 * in a store of its own. A request entered inside keeps it; so does detached work.
 */
export class ContextSlot<T> {
  private readonly key: symbol;

  constructor(name: string) {
    this.key = Symbol(name);
  }

  get(): T | undefined {
    return storage.getStore()?.[this.key] as T | undefined;
  }

  run<R>(value: T, work: () => R): R {
    return storage.run({ ...storage.getStore(), [this.key]: value }, work);
  }
}
