import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { BlobStore } from '@platform/messaging';
import { FileRow, PassageInputRow } from '../files/file-row';
import { FilesRepository } from '../files/files.repository';
import { Embedded, Embeddings, EmbeddingsFailure } from '../embeddings/embeddings';
import { chunk, ChunkOptions, DEFAULT_CHUNKING, Passage } from './chunk';
import { extractBlocks, UnreadableDocument } from './extract';
import { detectLanguage } from './language';
import { PassagesRepository } from './passages.repository';

/** How long a replica holds a file it indexes without renewing; a dead replica's file is taken up after it. */
export const INDEXING_LEASE_MS = 10000;
const RENEW_EVERY_MS = 3000;
/** How often replicas look for files waiting (they are also woken by their own uploads). */
const POLL_MS = 1000;
/** Tries of one file before it is marked failed (a crash each time, a store or an embeddings API that never answers). */
const MAX_ATTEMPTS = 5;
/** Wait before the next try of a file whose embeddings could not be had, doubling each time: 1, 2, 4, 8 s. */
const EMBEDDINGS_RETRY_BASE_MS = 1000;

/**
 * Indexes files in the background, durably: the file's `indexing_pending` status is the job,
 * leased by one replica at a time. The passages and the final status are written in one
 * transaction, so a crash half way leaves the file pending, and it is indexed again.
 */
@Injectable()
export class Indexer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Indexer');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private again = false;

  constructor(
    private readonly files: FilesRepository,
    private readonly passages: PassagesRepository,
    private readonly store: BlobStore,
    private readonly embeddings: Embeddings,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Looks for work now (a file was just uploaded or given passages). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.logger.warn({ msg: 'indexing pass failed', error: (error as Error).message }))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const file = await this.files.claimIndexing(INDEXING_LEASE_MS);
      if (!file) return;
      const renew = setInterval(() => void this.files.renewIndexingLease(file.botId, file.id, INDEXING_LEASE_MS).catch(() => undefined), RENEW_EVERY_MS);
      try {
        await this.index(file, file.attempts);
      } finally {
        clearInterval(renew);
      }
    }
  }

  private async index(file: FileRow, attempts: number): Promise<void> {
    const started = Date.now();
    let passages: Passage[];
    try {
      passages = file.pendingPassages ? givenPassages(file.pendingPassages) : await this.extract(file);
    } catch (error) {
      if (error instanceof UnreadableDocument || attempts >= MAX_ATTEMPTS) {
        const reason = error instanceof UnreadableDocument ? error.message : 'The document could not be read';
        await this.files.whileUnchanged(file, async (manager) => {
          await this.passages.replace(manager, file.botId, file.id, [], 'english');
          await this.files.finishIndexing(manager, file.botId, file.id, { failure: reason });
        });
        this.logger.log({ msg: 'file not indexed', botId: file.botId, fileId: file.id, reason });
        return;
      }
      // The lease runs out and the file is tried again.
      throw error;
    }
    const language = detectLanguage(
      passages
        .slice(0, 50)
        .map((p) => p.content)
        .join(' '),
    );
    let embedded: Embedded | undefined;
    if (this.embeddings.enabled && passages.length > 0) {
      try {
        embedded = await this.embeddings.passages(passages.map(embeddingInput));
      } catch (error) {
        if (!(error instanceof EmbeddingsFailure)) throw error;
        await this.embeddingsFailed(file, attempts, error);
        return;
      }
    }
    const done = await this.files.whileUnchanged(file, async (manager) => {
      await this.passages.replace(manager, file.botId, file.id, passages, language, embedded?.vectors);
      await this.files.finishIndexing(manager, file.botId, file.id, { language, embeddingModel: embedded?.model });
    });
    if (done) {
      this.logger.log({
        msg: 'file indexed',
        botId: file.botId,
        fileId: file.id,
        passages: passages.length,
        language,
        ...(embedded ? { embeddings: embedded.model } : {}),
        ms: Date.now() - started,
      });
    }
  }

  /**
   * The embeddings API failed (after its own few tries): the file is tried again a little later,
   * durably (the wait is in its row, not in this process), and marked failed with the reason once
   * its attempts are spent.
   */
  private async embeddingsFailed(file: FileRow, attempts: number, error: EmbeddingsFailure): Promise<void> {
    const reason = `Embeddings could not be computed: ${error.message}`;
    if (attempts >= MAX_ATTEMPTS) {
      await this.files.whileUnchanged(file, async (manager) => {
        await this.passages.replace(manager, file.botId, file.id, [], 'english');
        await this.files.finishIndexing(manager, file.botId, file.id, { failure: reason });
      });
      this.logger.warn({ msg: 'file not indexed', botId: file.botId, fileId: file.id, reason });
      return;
    }
    const delayMs = EMBEDDINGS_RETRY_BASE_MS * 2 ** (attempts - 1);
    await this.files.retryIndexingLater(file, delayMs);
    this.logger.warn({ msg: 'indexing put off', botId: file.botId, fileId: file.id, attempt: attempts, retryInMs: delayMs, reason });
  }

  private async extract(file: FileRow): Promise<Passage[]> {
    if (!file.blob) throw new UnreadableDocument('The file has no content');
    const chunks = await this.store.get(file.blob);
    if (!chunks) throw new Error(`content ${file.blob} missing`);
    const parts: Buffer[] = [];
    for await (const part of chunks) parts.push(Buffer.from(part));
    const blocks = await extractBlocks(Buffer.concat(parts), file.contentType);
    return chunk(blocks, chunkOptions(file.indexing));
  }
}

/** What is embedded of a passage: its breadcrumb (the headings it is under), then its text. */
export function embeddingInput(passage: Passage): string {
  return [...passage.breadcrumb, passage.content].join('\n');
}

/** The chunking options a file's `indexing.configuration` asks for, within their bounds. */
export function chunkOptions(indexing: Record<string, unknown> | null): ChunkOptions {
  const configuration = (indexing?.configuration ?? {}) as { parsing?: { minimumParagraphLength?: unknown }; chunking?: { maximumChunkLength?: unknown } };
  const bounded = (value: unknown, min: number, max: number, fallback: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
  return {
    maxLength: bounded(configuration.chunking?.maximumChunkLength, 100, 5000, DEFAULT_CHUNKING.maxLength),
    minParagraphLength: bounded(configuration.parsing?.minimumParagraphLength, 50, 2000, DEFAULT_CHUNKING.minParagraphLength),
  };
}

/** Passages given by setFilePassages, as given, under the titles and subtitles among them. */
export function givenPassages(given: PassageInputRow[]): Passage[] {
  let title: string | undefined;
  let subtitle: string | undefined;
  return given.map((p) => {
    const subtype = (p.type ?? 'paragraph') as Passage['subtype'];
    const breadcrumb = [title, subtype === 'title' ? undefined : subtype === 'subtitle' ? undefined : subtitle].filter((x): x is string => !!x);
    if (subtype === 'title') {
      title = p.content.slice(0, 200);
      subtitle = undefined;
    } else if (subtype === 'subtitle') {
      subtitle = p.content.slice(0, 200);
    }
    return { content: p.content, subtype, pageNumber: p.pageNumber, breadcrumb: subtype === 'title' ? [] : breadcrumb };
  });
}
