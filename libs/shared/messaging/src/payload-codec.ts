import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JSONCodec, NatsConnection, ObjectStore, StorageType } from 'nats';
import { BusConnection } from './bus-connection';
import { stringifyWithRaw } from './raw-json';

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

const json = JSONCodec<unknown>();
/** Room left under the server's max_payload for NATS headers and protocol framing. */
const HEADROOM_BYTES = 64 * 1024;
/** A body stored by reference lives at most this long if its reader never comes. */
const REFERENCE_TTL_MS = 10 * 60 * 1000;

interface ByValue {
  v: unknown;
}
interface ByReference {
  ref: string;
}
/** How `encode` begins a body by value (`JSON.stringify` writes no space, and `v` is its only key). */
const BY_VALUE_HEAD = '{"v":';

/**
 * Turns values into NATS message bodies and back. A value too big for the server's
 * `max_payload` is written to a JetStream object store (which chunks it) and only its name
 * travels, so request size is never limited by the NATS server's settings.
 */
@Injectable()
export class PayloadCodec {
  private store?: Promise<ObjectStore>;

  constructor(private readonly bus: BusConnection) {}

  async encode(value: unknown): Promise<Uint8Array> {
    const nc = await this.bus.get();
    const direct = utf8.encode(stringifyWithRaw({ v: value } satisfies ByValue));
    if (direct.byteLength <= this.inlineLimit(nc)) return direct;
    const name = randomUUID();
    const store = await this.objectStore(nc);
    await store.putBlob({ name }, utf8.encode(stringifyWithRaw(value)));
    return json.encode({ ref: name } satisfies ByReference);
  }

  async decode(data: Uint8Array): Promise<unknown> {
    return JSON.parse(await this.decodeText(data));
  }

  /**
   * The value of a body sent by value, read at once (no await): for a reader that must act on
   * it before anything else it received after it. None for a body sent by reference.
   */
  decodeInline(data: Uint8Array): { value: unknown } | undefined {
    const text = utf8Decoder.decode(data);
    return text.startsWith(BY_VALUE_HEAD) ? { value: JSON.parse(text.slice(BY_VALUE_HEAD.length, -1)) } : undefined;
  }

  /**
   * The value a body carries, as its JSON text (for a reader that only passes it on). A body by
   * value is `{"v":<value>}` exactly as `encode` wrote it, so the text is cut out of it unparsed.
   */
  async decodeText(data: Uint8Array): Promise<string> {
    const text = utf8Decoder.decode(data);
    if (text.startsWith(BY_VALUE_HEAD)) return text.slice(BY_VALUE_HEAD.length, -1);
    const frame = JSON.parse(text) as Partial<ByReference>;
    if (typeof frame.ref !== 'string') throw new Error('Malformed bus frame');
    const nc = await this.bus.get();
    const store = await this.objectStore(nc);
    const blob = await store.getBlob(frame.ref);
    if (!blob) throw new Error(`Referenced payload ${frame.ref} is gone`);
    // The reference is read exactly once (request or reply), so it can go now.
    void store.delete(frame.ref).catch(() => undefined);
    return utf8Decoder.decode(blob);
  }

  private inlineLimit(nc: NatsConnection): number {
    return Math.max(nc.info?.max_payload ?? 1024 * 1024, HEADROOM_BYTES * 2) - HEADROOM_BYTES;
  }

  private objectStore(nc: NatsConnection): Promise<ObjectStore> {
    this.store ??= nc
      .jetstream()
      .views.os(`${this.bus.prefix}-payloads`, { ttl: REFERENCE_TTL_MS * 1_000_000, storage: StorageType.File })
      .catch((error) => {
        this.store = undefined;
        throw error;
      });
    return this.store;
  }
}
