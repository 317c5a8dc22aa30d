import { RequestContext } from './request-context';

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
