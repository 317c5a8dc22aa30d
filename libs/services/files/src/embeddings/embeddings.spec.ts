import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { loadConfig } from '@platform/config';
import { Embeddings, EmbeddingsFailure } from './embeddings';

type Handler = (body: { model: string; input: string[]; dimensions?: number }, req: IncomingMessage, res: ServerResponse) => void;

/** A local HTTP server standing in for an embeddings API, answering as each test says. */
class StandIn {
  requests: Array<{ body: { model: string; input: string[]; dimensions?: number }; authorization?: string }> = [];
  inFlight = 0;
  maxInFlight = 0;
  private server!: Server;
  constructor(private handler: Handler) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(data) as { model: string; input: string[] };
        this.requests.push({ body, authorization: req.headers.authorization });
        this.inFlight++;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        res.on('close', () => this.inFlight--);
        this.handler(body, req, res);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** The vector of a text here: its length, and the code of its first letter. */
const vectorOf = (text: string) => [text.length, text.charCodeAt(0), 1];

function answer(res: ServerResponse, input: string[], shuffle = false) {
  const data = input.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) }));
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ object: 'list', data: shuffle ? data.reverse() : data, model: 'm' }));
}

function client(url: string, env: Record<string, string> = {}) {
  return new Embeddings(loadConfig({ FILES_EMBEDDINGS_URL: url, FILES_EMBEDDINGS_MODEL: 'concepts-1', FILES_EMBEDDINGS_TIMEOUT_MS: '300', ...env }));
}

describe('Embeddings', () => {
  let standIn: StandIn | undefined;
  afterEach(async () => {
    await standIn?.stop();
    standIn = undefined;
  });

  const serve = async (handler: Handler) => {
    standIn = new StandIn(handler);
    return standIn.start();
  };

  it('is off without FILES_EMBEDDINGS_URL', () => {
    expect(new Embeddings(loadConfig({})).enabled).toBe(false);
  });

  it('embeds in batches, a bounded number at once, in order, with the model, dimensions and the key as a bearer token', async () => {
    const url = await serve((body, _req, res) => setTimeout(() => answer(res, body.input, true), 20));
    const embeddings = client(`${url}/`, {
      FILES_EMBEDDINGS_BATCH_SIZE: '3',
      FILES_EMBEDDINGS_CONCURRENCY: '2',
      FILES_EMBEDDINGS_API_KEY: 'sk-test-key',
      FILES_EMBEDDINGS_DIMENSIONS: '3',
    });
    const texts = ['alpha', 'be', '   ', 'gamma', 'delta', 'epsilon', 'zeta', 'eta'];
    const { model, vectors } = await embeddings.passages(texts);
    expect(model).toBe('concepts-1/3');
    expect(standIn!.requests.map((r) => r.body.input)).toEqual([['alpha', 'be', 'gamma'], ['delta', 'epsilon', 'zeta'], ['eta']]);
    expect(standIn!.maxInFlight).toBe(2);
    expect(standIn!.requests.every((r) => r.body.model === 'concepts-1' && r.body.dimensions === 3 && r.authorization === 'Bearer sk-test-key')).toBe(true);
    // An empty text has no vector; the others are their own, at unit length.
    expect(vectors[2]).toBeNull();
    const expected = vectorOf('gamma');
    const norm = Math.hypot(...expected);
    expect([...vectors[3]!].map((x) => Number(x.toFixed(5)))).toEqual(expected.map((x) => Number((x / norm).toFixed(5))));
  });

  it('tries a failing request again, and gives up after three tries naming the answer', async () => {
    let calls = 0;
    const url = await serve((body, _req, res) => {
      calls++;
      if (calls === 1) {
        res.statusCode = 503;
        res.end('busy');
      } else answer(res, body.input);
    });
    await expect(client(url).passages(['one'])).resolves.toMatchObject({ model: 'concepts-1/3' });
    expect(calls).toBe(2);

    await standIn!.stop();
    let failures = 0;
    const failing = await serve((_body, _req, res) => {
      failures++;
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
    });
    await expect(client(failing).passages(['one'])).rejects.toThrow(/\/v1\/embeddings answered 500: model overloaded/);
    expect(failures).toBe(3);
  });

  it('does not try a refused request again, and strikes the key from what the API said', async () => {
    const url = await serve((_body, req, res) => {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${req.headers.authorization?.slice(7)}` } }));
    });
    const failure = await client(url, { FILES_EMBEDDINGS_API_KEY: 'sk-very-secret' })
      .passages(['one'])
      .catch((e: Error) => e);
    expect(failure).toBeInstanceOf(EmbeddingsFailure);
    expect((failure as Error).message).toBe(`${url}/embeddings answered 401: Incorrect API key provided: [redacted]`);
    expect(standIn!.requests).toHaveLength(1);
  });

  it('gives up on an API that does not answer in time, and on one that cannot be reached', async () => {
    const url = await serve(() => undefined);
    const started = Date.now();
    await expect(client(url).passages(['one'])).rejects.toThrow(`${url}/embeddings did not answer within 300 ms`);
    expect(standIn!.requests).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(5000);
    await standIn!.stop();
    standIn = undefined;
    await expect(client(url).passages(['one'])).rejects.toThrow(/could not be reached: .*ECONNREFUSED/);
  });

  it('ends a request in progress when the service stops, as no failure of the API', async () => {
    const url = await serve(() => undefined);
    const embeddings = client(url, { FILES_EMBEDDINGS_TIMEOUT_MS: '60000' });
    const pending = embeddings.passages(['one']).catch((e: Error) => e);
    while (standIn!.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    embeddings.onApplicationShutdown();
    const failure = await pending;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(EmbeddingsFailure);
    expect((failure as Error).message).toBe('The files service is stopping');
  });

  it.each([
    ['too few vectors', (input: string[]) => ({ data: input.slice(1).map((_, index) => ({ index, embedding: [1, 2, 3] })) }), /answered 1 vectors for 2 texts/],
    ['not numbers', (input: string[]) => ({ data: input.map((_, index) => ({ index, embedding: ['x'] })) }), /not a list of numbers/],
    [
      'lengths that differ',
      (input: string[]) => ({ data: input.map((_, index) => ({ index, embedding: index ? [1, 2] : [1, 2, 3] })) }),
      /2 dimensions, not 3/,
    ],
    ['not JSON', () => 'not json', /other than JSON/],
  ])('refuses an answer with %s', async (_, shape, message) => {
    const url = await serve((body, _req, res) => {
      const answerBody = shape(body.input);
      res.end(typeof answerBody === 'string' ? answerBody : JSON.stringify(answerBody));
    });
    await expect(client(url).passages(['one', 'two'])).rejects.toThrow(message);
  });

  it('refuses vectors of another length than FILES_EMBEDDINGS_DIMENSIONS, and an answer too large', async () => {
    const url = await serve((body, _req, res) => answer(res, body.input));
    await expect(client(url, { FILES_EMBEDDINGS_DIMENSIONS: '8' }).passages(['one'])).rejects.toThrow(/3 dimensions, not 8/);
    await standIn!.stop();
    // Made before it is asked for, and waited for longer than the other cases' 300 ms: what is
    // checked is the size, not the time a loaded machine takes to write 4 MB.
    const hugeAnswer = JSON.stringify({ data: [{ index: 0, embedding: new Array(300000).fill(0.123456789) }] });
    const huge = await serve((_body, _req, res) => res.end(hugeAnswer));
    await expect(client(huge, { FILES_EMBEDDINGS_TIMEOUT_MS: '10000' }).passages(['one'])).rejects.toThrow(/larger than/);
  });

  it('embeds a question once within minutes', async () => {
    const url = await serve((body, _req, res) => answer(res, body.input));
    const embeddings = client(url);
    const first = await embeddings.query('how long is the trip', 1000);
    const again = await embeddings.query('how long is the trip', 1000);
    expect(again).toBe(first);
    expect(first.model).toBe('concepts-1/3');
    expect(standIn!.requests).toHaveLength(1);
  });
});
