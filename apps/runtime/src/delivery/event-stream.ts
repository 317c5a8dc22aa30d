import { Injectable } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, JetStreamClient, JSONCodec, nanos, RetentionPolicy, StorageType } from 'nats';
import { PlatformConfig } from '@platform/config';
import { BusConnection } from '@platform/messaging';
import { PARTITIONS, partitionOf } from './backoff';

/** What the stream carries: a reference to the event row, which stays the source of truth. */
export interface EventReference {
  botId: string;
  eventId: string;
}

const codec = JSONCodec<EventReference>();

/**
 * The JetStream side of event delivery: one work-queue stream, split into partitions by
 * conversation, with one durable consumer per partition that lets a single event be in flight
 * at a time. Every runtime replica pulls from every partition; order per conversation holds.
 */
@Injectable()
export class EventStream {
  private ready?: Promise<JetStreamClient>;

  constructor(
    private readonly bus: BusConnection,
    private readonly config: PlatformConfig,
  ) {}

  get streamName(): string {
    return `${this.config.natsPrefix}-events`;
  }

  consumerName(partition: number): string {
    return `delivery-p${partition}`;
  }

  async publish(ref: EventReference, conversationId: string | null): Promise<void> {
    const js = await this.client();
    // The event id dedupes a second publication of the same event (sweeper after a crash).
    await js.publish(this.bus.subject(`events.p${partitionOf(ref.botId, conversationId)}`), codec.encode(ref), { msgID: ref.eventId });
  }

  decode(data: Uint8Array): EventReference {
    return codec.decode(data);
  }

  /** The stream and its consumers, created on first use (idempotent across replicas). */
  client(): Promise<JetStreamClient> {
    this.ready ??= this.setUp().catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async setUp(): Promise<JetStreamClient> {
    const nc = await this.bus.get();
    const jsm = await nc.jetstreamManager();
    const stream = {
      name: this.streamName,
      subjects: [this.bus.subject('events.*')],
      retention: RetentionPolicy.Workqueue,
      storage: StorageType.File,
      duplicate_window: nanos(10 * 60 * 1000),
    };
    await jsm.streams.info(this.streamName).then(
      () => jsm.streams.update(this.streamName, stream),
      () => jsm.streams.add(stream),
    );
    for (let p = 0; p < PARTITIONS; p++) {
      const consumer = {
        durable_name: this.consumerName(p),
        filter_subject: this.bus.subject(`events.p${p}`),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        max_ack_pending: 1,
        ack_wait: nanos(this.config.deliveryAckWaitMs),
      };
      await jsm.consumers.info(this.streamName, consumer.durable_name).then(
        () => jsm.consumers.update(this.streamName, consumer.durable_name, consumer),
        () => jsm.consumers.add(this.streamName, consumer),
      );
    }
    return nc.jetstream();
  }
}
