import { Injectable } from '@nestjs/common';
import { ObjectStore, StorageType } from 'nats';
import { BusConnection } from './bus-connection';

/**
 * Where file contents are kept: named blobs written and read as streams of chunks, so no
 * process ever holds a whole file. The default driver is the JetStream object store of the
 * NATS the platform already runs (chunked on the server, replicated when NATS is clustered).
 */
export abstract class BlobStore {
  /** Stores the chunks under `name`, replacing any blob of that name; answers the bytes stored. */
  abstract put(name: string, chunks: AsyncIterable<Uint8Array>): Promise<number>;
  /** The blob's chunks, or undefined when there is no such blob. */
  abstract get(name: string): Promise<AsyncIterable<Uint8Array> | undefined>;
  /** Removes the blob; nothing happens when there is none. */
  abstract delete(name: string): Promise<void>;

  /** Copies a blob under another name, streaming. */
  async copy(from: string, to: string): Promise<number> {
    const source = await this.get(from);
    if (!source) throw new Error(`Blob ${from} does not exist`);
    return this.put(to, source);
  }
}

/** Chunk size of stored blobs (under any NATS server's max_payload). */
const CHUNK_BYTES = 128 * 1024;
/**
 * Bytes a writer may have sent to NATS before it waits for the server to have taken them: the
 * object store publishes chunks without waiting, so without this a fast sender would pile its
 * whole content up in the connection's outbound buffer.
 */
const IN_FLIGHT_BYTES = 256 * 1024;

@Injectable()
export class NatsBlobStore extends BlobStore {
  private store?: Promise<ObjectStore>;

  constructor(private readonly bus: BusConnection) {
    super();
  }

  async put(name: string, chunks: AsyncIterable<Uint8Array>): Promise<number> {
    const store = await this.objectStore();
    const nc = await this.bus.get();
    const iterator = chunks[Symbol.asyncIterator]();
    let unflushed = 0;
    // Pulled one chunk at a time: the object store asks for the next only once it took the last.
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          try {
            if (unflushed >= IN_FLIGHT_BYTES) {
              await nc.flush();
              unflushed = 0;
            }
            const { done, value } = await iterator.next();
            if (!done) unflushed += value.byteLength;
            if (done) controller.close();
            else controller.enqueue(value);
          } catch (error) {
            controller.error(error);
          }
        },
        async cancel() {
          await iterator.return?.();
        },
      },
      { highWaterMark: 0 },
    );
    const info = await store.put({ name, options: { max_chunk_size: CHUNK_BYTES } }, stream);
    return info.size;
  }

  async get(name: string): Promise<AsyncIterable<Uint8Array> | undefined> {
    const store = await this.objectStore();
    const result = await store.get(name);
    if (!result) return undefined;
    const reader = result.data.getReader();
    return {
      async *[Symbol.asyncIterator]() {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            yield value;
          }
          const problem = await result.error;
          if (problem) throw problem;
        } finally {
          reader.releaseLock();
        }
      },
    };
  }

  async delete(name: string): Promise<void> {
    const store = await this.objectStore();
    const info = await store.info(name);
    if (info && !info.deleted) await store.delete(name);
  }

  private objectStore(): Promise<ObjectStore> {
    this.store ??= this.bus
      .get()
      .then((nc) => nc.jetstream().views.os(`${this.bus.prefix}-files`, { storage: StorageType.File }))
      .catch((error: unknown) => {
        this.store = undefined;
        throw error;
      });
    return this.store;
  }
}
