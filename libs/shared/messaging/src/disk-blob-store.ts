import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { BlobStore } from './blob-store';

/**
 * Blobs as files in a folder (`<DATA_DIR>/blobs`): the store of the one-process platform, which
 * has no NATS. A blob is written under a temporary name, flushed to disk, then renamed, so a
 * reader or a crash never sees half a blob; chunks stream through, no whole file in memory.
 */
export class DiskBlobStore extends BlobStore {
  constructor(private readonly dir: string) {
    super();
  }

  async put(name: string, chunks: AsyncIterable<Uint8Array>): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    const final = this.path(name);
    const partial = `${final}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await pipeline(Readable.from(chunks), createWriteStream(partial));
      const handle = await open(partial, 'r');
      await handle.sync().finally(() => handle.close());
      await rename(partial, final);
      return (await stat(final)).size;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(name: string): Promise<AsyncIterable<Uint8Array> | undefined> {
    const file = this.path(name);
    const exists = await stat(file).then(
      () => true,
      () => false,
    );
    return exists ? createReadStream(file, { highWaterMark: 128 * 1024 }) : undefined;
  }

  async delete(name: string): Promise<void> {
    await rm(this.path(name), { force: true });
  }

  /** Any blob name as one safe file name. */
  private path(name: string): string {
    return join(this.dir, encodeURIComponent(name).replace(/\./g, '%2E'));
  }
}
