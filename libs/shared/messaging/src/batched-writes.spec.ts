import { randomBytes } from 'node:crypto';
import { connect, NatsConnection, StringCodec } from 'nats';
import { batchWrites } from './batched-writes';

// The real NATS server, under a subject of its own.
const subject = `unit_${randomBytes(4).toString('hex')}.batched`;
const codec = StringCodec();

describe('batchWrites', () => {
  let publisher: NatsConnection;
  let subscriber: NatsConnection;

  beforeEach(async () => {
    publisher = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    subscriber = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  });

  afterEach(async () => {
    await publisher.close();
    await subscriber.close();
  });

  /** Counts the socket writes of a connection's transport. */
  function countWrites(nc: NatsConnection): () => number {
    const transport = (nc as unknown as { protocol: { transport: { send(data: Uint8Array): void } } }).protocol.transport;
    const send = transport.send.bind(transport);
    let writes = 0;
    transport.send = (data) => {
      writes++;
      send(data);
    };
    return () => writes;
  }

  /** Publishes 0…count-1, each from a task of its own in one event-loop turn, as requests arriving on separate sockets are. */
  async function publishInSeparateTasks(count: number): Promise<void> {
    await new Promise<void>((resolve) => {
      for (let i = 0; i < count; i++) setTimeout(() => publisher.publish(subject, codec.encode(String(i))), 0);
      setTimeout(resolve, 0);
    });
    await publisher.flush();
  }

  it('sends what several tasks of one event-loop turn publish in one write, in order, and drain sends it all', async () => {
    const received: string[] = [];
    const sub = subscriber.subscribe(subject, { callback: (_, message) => received.push(codec.decode(message.data)) });
    await subscriber.flush();
    batchWrites(publisher);
    const writes = countWrites(publisher);
    await publishInSeparateTasks(10);
    expect(writes()).toBeLessThanOrEqual(2);
    for (let i = 10; i < 20; i++) publisher.publish(subject, codec.encode(String(i)));
    await publisher.drain();
    await subscriber.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
    sub.unsubscribe();
    expect(received).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
  });

  it('without it, the same publishes are one write each (what it saves)', async () => {
    const writes = countWrites(publisher);
    await publishInSeparateTasks(10);
    expect(writes()).toBeGreaterThanOrEqual(10);
  });
});
