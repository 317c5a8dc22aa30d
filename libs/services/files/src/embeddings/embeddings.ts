import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { PlatformConfig } from '@platform/config';
import { unit } from './vectors';

/** Tries of one request (the first and two more) before its failure is the indexing's. */
const TRIES = 3;
const RETRY_BASE_MS = 250;
/** Longest `Retry-After` honoured within one indexing attempt; a longer one fails the attempt, which is tried again later. */
const MAX_RETRY_AFTER_MS = 5000;
/** Characters of a passage sent to be embedded: its gist is in its beginning, and every model has an input limit. */
export const MAX_INPUT_CHARS = 8000;
/** Bytes of an answer per input (8192 dimensions written out as JSON numbers), beyond which it is refused. */
const MAX_ANSWER_BYTES_PER_INPUT = 8192 * 24;
/** Questions whose vectors are kept, and for how long: the same question asked again costs no request. */
const QUERY_CACHE_ENTRIES = 1000;
const QUERY_CACHE_TTL_MS = 10 * 60 * 1000;

/** Vectors of one model, at unit length, in the order of the texts (none for an empty text). */
export interface Embedded {
  /** The model and the vectors' length (`text-embedding-3-small/1536`): vectors of different models never meet. */
  model: string;
  vectors: Array<Float32Array | null>;
}

/** The embeddings API could not embed the texts; the message says why, naming no secret. */
export class EmbeddingsFailure extends Error {}

/** A failure worth another try (unreachable, timed out, 408, 429, 5xx). */
class Transient extends EmbeddingsFailure {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The client of an OpenAI-compatible embeddings API (`POST <FILES_EMBEDDINGS_URL>/embeddings`),
 * present when FILES_EMBEDDINGS_URL is set: passages are embedded when indexed, questions when
 * searched. Requests are batched (FILES_EMBEDDINGS_BATCH_SIZE), a few in flight at once
 * (FILES_EMBEDDINGS_CONCURRENCY), each bounded in time (FILES_EMBEDDINGS_TIMEOUT_MS) and size, and
 * tried again a bounded number of times. The API key goes in the Authorization header only, and
 * is struck from any text of the API's that a message repeats.
 */
@Injectable()
export class Embeddings implements OnApplicationShutdown {
  readonly enabled: boolean;
  /** Aborted when the service stops: requests and waits in progress end at once (the file is taken up again). */
  private readonly closing = new AbortController();
  private readonly endpoint: string;
  /** The endpoint as messages name it: no credentials, no query. */
  private readonly shown: string;
  private readonly queries = new LRUCache<string, { model: string; vector: Float32Array }>({ max: QUERY_CACHE_ENTRIES, ttl: QUERY_CACHE_TTL_MS });

  constructor(private readonly config: PlatformConfig) {
    this.enabled = config.filesEmbeddingsUrl !== undefined && config.filesEmbeddingsModel !== undefined;
    const base = config.filesEmbeddingsUrl ?? 'http://embeddings.invalid';
    this.endpoint = `${base.replace(/\/+$/, '')}/embeddings`;
    const url = new URL(this.endpoint);
    this.shown = `${url.protocol}//${url.host}${url.pathname}`;
  }

  onApplicationShutdown(): void {
    this.closing.abort();
  }

  /** Vectors of the texts, in their order: batched, a bounded number of requests at once, each tried a few times. */
  async passages(texts: string[]): Promise<Embedded> {
    const sent = texts.map((text, index) => ({ text: text.trim().slice(0, MAX_INPUT_CHARS), index })).filter((t) => t.text.length > 0);
    const size = this.config.filesEmbeddingsBatchSize;
    const batches: Array<typeof sent> = [];
    for (let start = 0; start < sent.length; start += size) batches.push(sent.slice(start, start + size));
    // Kept as float32 at unit length as they arrive (a quarter of the memory of the answer's numbers).
    const vectors: Array<Float32Array | null> = texts.map(() => null);
    let length: number | undefined;
    let next = 0;
    let failed = false;
    // A few workers take the batches in turn; the first failure stops them all.
    const worker = async () => {
      while (!failed && next < batches.length) {
        const batch = batches[next++];
        try {
          const answer = await this.withRetries(batch.map((b) => b.text));
          length ??= answer[0].length;
          batch.forEach((b, i) => (vectors[b.index] = unit(answer[i])));
          if (answer.some((v) => v.length !== length)) throw new EmbeddingsFailure(`${this.shown} answered vectors of different lengths`);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.filesEmbeddingsConcurrency, batches.length) }, worker));
    return { model: this.modelOf(length ?? this.config.filesEmbeddingsDimensions ?? 0), vectors };
  }

  /**
   * The vector of a question, answered within `timeoutMs` (one try: a search does not wait for
   * retries); the same question within minutes costs no request.
   */
  async query(text: string, timeoutMs: number): Promise<{ model: string; vector: Float32Array }> {
    const cached = this.queries.get(text);
    if (cached) return cached;
    const [values] = await this.request([text.trim().slice(0, MAX_INPUT_CHARS) || text], Math.min(timeoutMs, this.config.filesEmbeddingsTimeoutMs));
    const vector = unit(values);
    if (!vector) throw new EmbeddingsFailure(`${this.shown} answered a vector of zeros`);
    const answer = { model: this.modelOf(vector.length), vector };
    this.queries.set(text, answer);
    return answer;
  }

  private modelOf(length: number): string {
    return `${this.config.filesEmbeddingsModel}/${length}`;
  }

  private async withRetries(inputs: string[]): Promise<number[][]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.request(inputs, this.config.filesEmbeddingsTimeoutMs);
      } catch (error) {
        if (!(error instanceof Transient) || attempt >= TRIES) throw error;
        if ((error.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS) throw error;
        const backoff = RETRY_BASE_MS * 2 ** (attempt - 1) * (0.5 + Math.random());
        await sleep(Math.max(backoff, error.retryAfterMs ?? 0), undefined, { signal: this.closing.signal });
      }
    }
  }

  /** One request: the vectors of `inputs`, in order, as the API wrote them. */
  private async request(inputs: string[], timeoutMs: number): Promise<number[][]> {
    const { filesEmbeddingsModel: model, filesEmbeddingsDimensions: dimensions, filesEmbeddingsApiKey: key } = this.config;
    if (this.closing.signal.aborted) throw new Error('The files service is stopping');
    // Ended by the timeout (the whole exchange, answer included) or by the service stopping.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const stop = () => controller.abort();
    this.closing.signal.addEventListener('abort', stop, { once: true });
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ model, input: inputs, ...(dimensions ? { dimensions } : {}) }),
        signal: controller.signal,
        // A redirect could carry the key elsewhere.
        redirect: 'error',
      });
      text = await boundedText(response, inputs.length * MAX_ANSWER_BYTES_PER_INPUT + 65536);
    } catch (error) {
      if (error instanceof EmbeddingsFailure) throw error;
      if (timedOut) throw new Transient(`${this.shown} did not answer within ${timeoutMs} ms`);
      if (this.closing.signal.aborted) throw new Error('The files service is stopping');
      throw new Transient(`${this.shown} could not be reached: ${this.redact(causeOf(error))}`);
    } finally {
      clearTimeout(timer);
      this.closing.signal.removeEventListener('abort', stop);
    }
    if (!response.ok) {
      const message = `${this.shown} answered ${response.status}: ${this.redact(apiMessage(text))}`;
      if (response.status === 408 || response.status === 429 || response.status >= 500)
        throw new Transient(message, retryAfterMs(response.headers.get('retry-after')));
      throw new EmbeddingsFailure(message);
    }
    return this.vectorsOf(text, inputs.length);
  }

  /** `data[].embedding` of an answer, checked: one finite vector per input, all of one length (the configured one, if any). */
  private vectorsOf(text: string, count: number): number[][] {
    let body: { data?: Array<{ embedding?: unknown; index?: unknown }> };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new EmbeddingsFailure(`${this.shown} answered something other than JSON`);
    }
    const data = Array.isArray(body?.data) ? body.data : [];
    if (data.length !== count) throw new EmbeddingsFailure(`${this.shown} answered ${data.length} vectors for ${count} texts`);
    const ordered = data.every((d) => Number.isInteger(d.index)) ? [...data].sort((a, b) => (a.index as number) - (b.index as number)) : data;
    const expected = this.config.filesEmbeddingsDimensions ?? (Array.isArray(ordered[0].embedding) ? ordered[0].embedding.length : 0);
    return ordered.map((d) => {
      const v = d.embedding;
      if (!Array.isArray(v) || v.length === 0 || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
        throw new EmbeddingsFailure(`${this.shown} answered an embedding that is not a list of numbers`);
      }
      if (v.length !== expected) throw new EmbeddingsFailure(`${this.shown} answered vectors of ${v.length} dimensions, not ${expected}`);
      return v as number[];
    });
  }

  /** The text with the API key struck out: an API's error message may quote what it was sent. */
  private redact(text: string): string {
    const key = this.config.filesEmbeddingsApiKey;
    return key ? text.split(key).join('[redacted]') : text;
  }
}

/** The body as text, refusing one larger than `limit` bytes before reading it all. */
async function boundedText(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) {
    await response.body?.cancel();
    throw new EmbeddingsFailure(`The embeddings answer is larger than ${limit} bytes`);
  }
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of response.body ?? []) {
    size += part.length;
    if (size > limit) throw new EmbeddingsFailure(`The embeddings answer is larger than ${limit} bytes`);
    parts.push(Buffer.from(part));
  }
  return Buffer.concat(parts).toString('utf8');
}

/** What the error of an OpenAI-compatible API says (`error.message`), else the start of its body, on one line. */
function apiMessage(text: string): string {
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const said = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof said === 'string') message = said;
  } catch {
    // not JSON: the text itself
  }
  const line = message.replace(/\s+/g, ' ').trim();
  return (line.length > 300 ? `${line.slice(0, 300)}…` : line) || '(no message)';
}

/** Why fetch failed, as the network said it (`connect ECONNREFUSED 127.0.0.1:9`). */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { message?: string; code?: string } }).cause;
  return cause?.message ?? cause?.code ?? (error as Error).message;
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}
