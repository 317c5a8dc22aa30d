import { ApiError } from '@platform/contracts';

/** What a service answers to a request: a result, or an `ApiError` in its wire form. */
export type Reply = { result: unknown } | { error: { type: string; code: number; message: string } };

/** How a reply with a result begins once serialised (`JSON.stringify` writes no space, and `result` is its only key). */
const RESULT_HEAD = '{"result":';

/** The result of a reply given as JSON text, as JSON text; the `ApiError` it carries is thrown. */
export function resultText(reply: string): string {
  if (reply.startsWith(RESULT_HEAD)) return reply.slice(RESULT_HEAD.length, -1);
  return JSON.stringify(resultOf(JSON.parse(reply) as Reply));
}

/** The result of a reply; the `ApiError` it carries is thrown. */
export function resultOf(reply: Reply): unknown {
  if ('error' in reply) throw ApiError.fromWire(reply.error);
  return reply.result;
}
