import { randomBytes } from 'node:crypto';
import { CallHandler, Controller, ExecutionContext, INestApplication, Injectable, Module, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { Observable } from 'rxjs';
import { MessagePattern } from '@nestjs/microservices';
import { ConfigModule, loadConfig } from '@platform/config';
import { ApiError, Errors } from '@platform/contracts';
import { JsonLogger, RequestContext } from '@platform/logging';
import { BusClient } from './bus-client';
import { BusConnection } from './bus-connection';
import { MessagingModule } from './messaging.module';
import { startService } from './start-service';

// Talks to the real NATS server, under a subject prefix of its own.
const config = loadConfig({}, { natsPrefix: `unit_${randomBytes(4).toString('hex')}`, requestTimeoutMs: 500 });
const quiet = new JsonLogger('test', 'fatal');

@Injectable()
class PassThrough implements NestInterceptor {
  intercept(_: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle();
  }
}

function replica(name: string) {
  @Controller()
  class TestController {
    @MessagePattern('svc.echo')
    echo(payload: unknown) {
      return { payload, servedBy: name };
    }

    @MessagePattern('svc.not-found')
    notFound() {
      throw Errors.notFound('Thing', 't1');
    }

    @MessagePattern('svc.crash')
    crash() {
      throw new Error('database password is hunter2');
    }

    /** Behind an interceptor, as every operation handler is: the handler runs when subscribed. */
    @MessagePattern('svc.context')
    @UseInterceptors(PassThrough)
    context() {
      return {
        requestId: RequestContext.requestId(),
        idempotencyKey: RequestContext.idempotencyKey(),
        hasDeadline: RequestContext.remainingMs() !== undefined,
      };
    }

    @MessagePattern('svc.slow')
    async slow() {
      await new Promise((r) => setTimeout(r, 1500));
      return 'late';
    }
  }

  @Module({ imports: [ConfigModule.forRoot(config), MessagingModule.forRoot()], controllers: [TestController] })
  class TestModule {}
  return TestModule;
}

describe('the NATS bus', () => {
  let apps: INestApplication[];
  let bus: BusClient;

  beforeAll(async () => {
    apps = [await startService(replica('a'), 'svc', quiet), await startService(replica('b'), 'svc', quiet)];
    bus = apps[0].get(BusClient);
  });

  afterAll(async () => {
    // The object store that carried the large payload belongs to this test's prefix.
    const nc = await apps[0].get(BusConnection).get();
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(`OBJ_${config.natsPrefix}-payloads`).catch(() => undefined);
    for (const app of apps) await app.close();
  });

  it("answers a request with the handler's result", async () => {
    await expect(bus.request('svc.echo', { hello: 'world' })).resolves.toMatchObject({ payload: { hello: 'world' } });
  });

  it("runs the handler in the request's context: its request id, deadline and Idempotency-Key", async () => {
    const reply = await bus.request('svc.context', { requestId: 'req-ctx-1', timeoutMs: 5000, idempotencyKey: 'key-1' });
    expect(reply).toEqual({ requestId: 'req-ctx-1', idempotencyKey: 'key-1', hasDeadline: true });
  });

  it('answers a frame whose forwarded body is not JSON with a 400, not a failure', async () => {
    const nc = await apps[0].get(BusConnection).get();
    const frame = '{"v":{"body":{"a":1,},"requestId":"r1"}}';
    const reply = await nc.request(`${config.natsPrefix}.svc.echo`, new TextEncoder().encode(frame), { timeout: 5000 });
    expect(JSON.parse(new TextDecoder().decode(reply.data))).toEqual({
      v: { error: { type: 'InvalidPayload', code: 400, message: 'The request body is not valid JSON' } },
    });
  });

  it('carries payloads and replies larger than max_payload by reference', async () => {
    const big = { blob: randomBytes(3 * 1024 * 1024).toString('base64') };
    // Writing 3 MB to the object store and back takes longer than the 500 ms this suite's requests get.
    const reply = await bus.request<{ payload: typeof big }>('svc.echo', big, { timeoutMs: 15000 });
    expect(reply.payload.blob).toBe(big.blob);
  });

  it('answers the result as its JSON text to a caller that only passes it on, by value or by reference', async () => {
    const small = await bus.requestText('svc.echo', { text: 'a "quoted" é', list: [1, null] });
    expect(JSON.parse(small.text)).toMatchObject({ payload: { text: 'a "quoted" é', list: [1, null] } });
    const big = { blob: randomBytes(3 * 1024 * 1024).toString('base64') };
    const text = (await bus.requestText('svc.echo', big, { timeoutMs: 15000 })).text;
    expect(JSON.parse(text).payload.blob).toBe(big.blob);
  });

  it('throws the ApiError of a reply to a caller that asked for its text', async () => {
    await expect(bus.requestText('svc.not-found', {})).rejects.toMatchObject({ code: 404, type: 'ResourceNotFound' });
    await expect(bus.requestText('svc.crash', {})).rejects.toMatchObject({ code: 500, type: 'Internal' });
  });

  it('spreads requests over the replicas of a queue group', async () => {
    const servers = new Set<string>();
    for (let i = 0; i < 40; i++) servers.add((await bus.request<{ servedBy: string }>('svc.echo', i)).servedBy);
    expect(servers).toEqual(new Set(['a', 'b']));
  });

  it('brings an ApiError back as itself', async () => {
    const error = await bus.request('svc.not-found', {}).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 404, type: 'ResourceNotFound', message: "Thing 't1' not found" });
  });

  it('turns an unexpected failure into a 500 that does not leak its message', async () => {
    const error = await bus.request('svc.crash', {}).catch((e) => e);
    expect(error).toMatchObject({ code: 500, type: 'Internal', message: 'An internal error occurred' });
  });

  it('fails at once with 503 when nobody serves the subject', async () => {
    const started = Date.now();
    // A long timeout: the answer comes from NATS having no responder, not from waiting it out.
    await expect(bus.request('nobody.home', {}, { timeoutMs: 10000 })).rejects.toMatchObject({
      code: 503,
      type: 'Internal',
      message: 'The nobody service is not running (no replica answers)',
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up with 503 after the bounded timeout', async () => {
    const started = Date.now();
    await expect(bus.request('svc.slow', {})).rejects.toMatchObject({ code: 503 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(450);
    expect(waited).toBeLessThan(1400);
  });

  it('fans a published message out to every subscriber', async () => {
    const received: string[] = [];
    const done = new Promise<void>((resolve) => {
      const take = (who: string) => (payload: unknown) => {
        received.push(`${who}:${(payload as { n: number }).n}`);
        if (received.length === 2) resolve();
      };
      void Promise.all([apps[0].get(BusClient).subscribe('fan.out', take('a')), apps[1].get(BusClient).subscribe('fan.out', take('b'))]).then(() =>
        bus.publish('fan.out', { n: 1 }),
      );
    });
    await done;
    expect(received.sort()).toEqual(['a:1', 'b:1']);
  });

  it('acts on a notice before serving a request sent after it, as a cache must forget before it answers', async () => {
    // The receiver serves requests as they arrive; a notice published first must not be handled after them.
    const receiver = apps[1].get(BusClient);
    const forgotten = new Set<number>();
    await receiver.subscribe('order.notice', (payload) => void forgotten.add((payload as { n: number }).n));
    await receiver.serve('order.ask', async (payload) => forgotten.has((payload as { n: number }).n));
    const answers: boolean[] = [];
    for (let n = 0; n < 200; n++) {
      await bus.publish('order.notice', { n });
      answers.push((await bus.request('order.ask', { n })) as boolean);
    }
    expect(answers.filter((seen) => !seen)).toEqual([]);
  });

  it('handles the messages of a subscription one after another, in the order they were published', async () => {
    const log: string[] = [];
    let finished!: () => void;
    const allDone = new Promise<void>((resolve) => (finished = resolve));
    await apps[1].get(BusClient).subscribe('order.serial', async (payload) => {
      const { n } = payload as { n: number };
      log.push(`start ${n}`);
      // The first is slow: the others wait for it rather than overtake it.
      if (n === 0) await new Promise((r) => setTimeout(r, 100));
      log.push(`end ${n}`);
      if (n === 2) finished();
    });
    for (const n of [0, 1, 2]) await bus.publish('order.serial', { n });
    await allDone;
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('answers the requests under way before a stopping replica lets go', async () => {
    @Controller()
    class SlowController {
      @MessagePattern('slow.finish')
      async finish() {
        await new Promise((r) => setTimeout(r, 300));
        return 'finished';
      }
    }
    @Module({ imports: [ConfigModule.forRoot(config), MessagingModule.forRoot()], controllers: [SlowController] })
    class SlowModule {}
    const slow = await startService(SlowModule, 'slow', quiet);
    const answer = bus.request('slow.finish', {}, { timeoutMs: 2000 });
    await new Promise((r) => setTimeout(r, 50));
    await slow.close();
    await expect(answer).resolves.toBe('finished');
  });
});
