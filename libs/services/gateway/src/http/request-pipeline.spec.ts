import { AsyncLocalStorage } from 'node:async_hooks';
import Fastify, { FastifyInstance } from 'fastify';
import { loadConfig } from '@platform/config';
import { JsonLogger } from '@platform/logging';
import { LocalBroker, LocalBusClient } from '@platform/messaging';
import { RateLimits } from './rate-limits';
import { RequestPipeline } from './request-pipeline';

describe('the request pipeline', () => {
  let instance: FastifyInstance;

  beforeAll(async () => {
    const config = loadConfig({}, {});
    instance = Fastify();
    new RequestPipeline().install(instance, config, new JsonLogger('gateway', 'fatal'), new RateLimits(config, new LocalBusClient(new LocalBroker())));
    // A route that waits on promises, as every forwarding route does.
    instance.get('/v1/chat/states/:id', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return { ok: true };
    });
    await instance.ready();
  });

  afterAll(() => instance?.close());

  afterEach(() => jest.restoreAllMocks());

  // On Node 20 a context entered for each request makes every promise of every request carry it:
  // it cost the gateway 40 % of its CPU per request. The request id travels on the request instead.
  it('gives a request its id without entering an async-local context', async () => {
    const run = jest.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = jest.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    const res = await instance.inject({ method: 'GET', url: '/v1/chat/states/s1', headers: { 'x-request-id': 'unit-pipeline-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('unit-pipeline-1');
    expect(run).not.toHaveBeenCalled();
    expect(enterWith).not.toHaveBeenCalled();
  });
});
