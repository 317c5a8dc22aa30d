import { connect, JSONCodec } from 'nats';

/*
 * The raw counterpart of a service's edge: a plain nats.js subscriber in the queue group that
 * answers each request with the body it carried, framed as the platform's bus frames it.
 */
async function main(): Promise<void> {
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', noAsyncTraces: true });
  const codec = JSONCodec<{ v: { body?: unknown; result?: unknown } }>();
  nc.subscribe(`${process.env.NATS_PREFIX}.hops.echo`, {
    queue: `${process.env.NATS_PREFIX}.hops`,
    callback: (_error, message) => message.respond(codec.encode({ v: { result: codec.decode(message.data).v.body ?? null } })),
  });
  await nc.flush();
  process.stdout.write('ready\n');
}

void main();
