import { AsyncLocalStorage } from 'node:async_hooks';
import { ContextSlot, RequestContext } from './request-context';

describe('RequestContext', () => {
  it('keeps the request id in detached work, not its deadline or idempotency key', () => {
    RequestContext.run({ requestId: 'req-1', deadline: Date.now() + 1000, idempotencyKey: 'key-1' }, () => {
      expect(RequestContext.remainingMs()).toBeGreaterThan(0);
      RequestContext.detached(() => {
        expect(RequestContext.requestId()).toBe('req-1');
        expect(RequestContext.remainingMs()).toBeUndefined();
        expect(RequestContext.idempotencyKey()).toBeUndefined();
      });
    });
  });

  it('runs detached work outside any request when there is none', () => {
    expect(RequestContext.detached(() => RequestContext.requestId())).toBeUndefined();
  });
});

describe('ContextSlot', () => {
  const slot = new ContextSlot<string>('test');

  it('carries its value across awaits, and keeps it in a request entered inside and in detached work', async () => {
    await slot.run('held', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      expect(slot.get()).toBe('held');
      await RequestContext.run({ requestId: 'req-2', idempotencyKey: 'key-2' }, async () => {
        await Promise.resolve();
        expect(slot.get()).toBe('held');
        expect(RequestContext.requestId()).toBe('req-2');
        RequestContext.detached(() => {
          expect(slot.get()).toBe('held');
          expect(RequestContext.idempotencyKey()).toBeUndefined();
        });
      });
    });
    expect(slot.get()).toBeUndefined();
  });

  it('keeps the request it is entered in', () => {
    RequestContext.run('req-3', () => slot.run('v', () => expect(RequestContext.requestId()).toBe('req-3')));
  });

  // On Node 20 each store entered makes every later promise of the process pay to carry it.
  it('shares the one store of the request context: entering either enters the same store', () => {
    const entered = new Set<AsyncLocalStorage<unknown>>();
    const original = AsyncLocalStorage.prototype.run;
    const run = jest.spyOn(AsyncLocalStorage.prototype, 'run').mockImplementation(function (this: AsyncLocalStorage<unknown>, ...args: unknown[]) {
      entered.add(this);
      return Reflect.apply(original, this, args) as never;
    });
    try {
      RequestContext.run('req-4', () => new ContextSlot<number>('other').run(1, () => slot.run('v', () => RequestContext.detached(() => undefined))));
    } finally {
      run.mockRestore();
    }
    expect(entered.size).toBe(1);
  });
});
