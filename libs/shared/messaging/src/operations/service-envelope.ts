import { randomUUID } from 'node:crypto';
import { Envelope, ServiceCaller } from '@platform/contracts';
import { RequestContext } from '@platform/logging';

/**
 * The envelope of a request one service makes of another: it names the calling service (and
 * the bot it acts for, if any) and carries the request id of the request being served, so the
 * whole chain of hops logs under one id, and its `Idempotency-Key`. Work started by no request (a delivery, a sweep) gets
 * a fresh id.
 */
export function serviceEnvelope(caller: ServiceCaller, input: Pick<Envelope, 'params' | 'query' | 'body'> = {}): Envelope<ServiceCaller> {
  const remaining = RequestContext.remainingMs();
  const idempotencyKey = RequestContext.idempotencyKey();
  return {
    requestId: RequestContext.requestId() || randomUUID(),
    caller,
    ...input,
    ...(remaining !== undefined ? { timeoutMs: Math.max(0, Math.floor(remaining)) } : {}),
    // The key of the request served goes on to the service owning the data, which keeps the
    // first answer: a handler asks each idempotent operation at most once per request.
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
  };
}
