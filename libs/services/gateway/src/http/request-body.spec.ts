import { createServer, request, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadConfig } from '@platform/config';
import { RawJson } from '@platform/messaging';
import { BodyBudget } from './body-budget';
import { RequestBodyReader } from './request-body';

/** What the reader answered for one request, and the budget's free bytes while the answer was not yet sent. */
interface Outcome {
  body?: string;
  error?: { code?: number };
  freeWhileAnswering: number;
}

describe('RequestBodyReader', () => {
  const reader = new RequestBodyReader(loadConfig({}));
  const budget = (reader as unknown as { budget: BodyBudget }).budget;
  let server: Server;
  let outcomes: Outcome[];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const reply = { raw: res } as FastifyReply;
      // As in the gateway, the route reads the body after the request's hooks, not as its headers arrive.
      setImmediate(() =>
        reader.readJson({ raw: req } as FastifyRequest, reply).then(
          (json?: RawJson) => answer(res, { body: json?.text, freeWhileAnswering: budget.free }),
          (error: { code?: number }) => answer(res, { error: { code: error.code }, freeWhileAnswering: budget.free }),
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  beforeEach(() => (outcomes = []));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  function answer(res: import('node:http').ServerResponse, outcome: Outcome) {
    outcomes.push(outcome);
    res.end('{}');
  }

  /** Sends the body in parts, `pauseMs` apart (0: all with the headers). */
  function send(parts: string[], pauseMs = 0): Promise<void> {
    const length = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: (server.address() as AddressInfo).port,
          path: '/v1/chat/messages',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': length },
        },
        (res) => res.resume().on('end', resolve),
      );
      req.on('error', reject);
      void (async () => {
        for (const [i, part] of parts.entries()) {
          if (i > 0 && pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
          req.write(part);
        }
        req.end();
      })();
    });
  }

  const waitUntilReleased = async () => {
    for (let i = 0; i < 50 && budget.free !== budget.capacity; i++) await new Promise((r) => setTimeout(r, 10));
  };

  it.each([
    ['all with the headers', [JSON.stringify({ text: 'hello', tags: { a: 'b' } })], 0],
    ['in parts, as it arrives', ['{"text": "hel', 'lo", "tags": {"a": "b"}}'], 30],
  ])('takes a body sent %s, holds its memory until the answer is sent, then gives it back', async (_, parts, pauseMs) => {
    await send(parts as string[], pauseMs as number);
    const body = (parts as string[]).join('');
    expect(outcomes).toEqual([{ body, freeWhileAnswering: budget.capacity - Buffer.byteLength(body) }]);
    await waitUntilReleased();
    expect(budget.free).toBe(budget.capacity);
  });

  it.each([
    [
      'all with the headers',
      ['[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1'],
      0,
    ],
    ['in parts', ['{"a": ', '{"b": 1}'], 30],
  ])('refuses a body that is not the JSON it should be (%s) with 400, and gives its memory back', async (_, parts, pauseMs) => {
    await send(parts as string[], pauseMs as number);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0].error?.code).toBe(400);
    await waitUntilReleased();
    expect(budget.free).toBe(budget.capacity);
  });
});
