import { createHash } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { freePort } from './mesh';

/** Words that carry no meaning here: they add nothing to a text's vector. */
const STOPWORDS = new Set(
  'a an and are as at be before between by can do does for from how i if in is it its my of on or should the their then there they this through to was were what when where which who will with you your am'.split(
    ' ',
  ),
);

export interface EmbeddingsServer {
  /** The base address, as FILES_EMBEDDINGS_URL takes it (`http://127.0.0.1:<port>/v1`). */
  url: string;
  /** Every request received: its Authorization header and how many texts it carried. */
  requests: Array<{ authorization?: string; inputs: number }>;
  /** The vector this server gives a text. */
  vectorOf(text: string): number[];
  /** Stops listening and drops its connections: an endpoint that cannot be reached. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/**
 * A stand-in for an OpenAI-compatible embeddings API (`POST /v1/embeddings`), spoken to over real
 * HTTP, with deterministic vectors: every word is a concept (`concepts` maps synonyms to one),
 * every concept a fixed pseudo-random direction, and a text the sum of its concepts' directions.
 * Texts that share no word but share concepts (a dog and a puppy) are near each other, as with a
 * real model; texts with no concept in common are nearly orthogonal.
 */
export async function startEmbeddingsServer(
  options: { dimensions?: number; concepts?: Record<string, string[]>; port?: number } = {},
): Promise<EmbeddingsServer> {
  const dimensions = options.dimensions ?? 256;
  const conceptOf = new Map<string, string>();
  for (const [concept, words] of Object.entries(options.concepts ?? {})) for (const word of words) conceptOf.set(word, concept);
  const directions = new Map<string, number[]>();
  const direction = (concept: string) => {
    let d = directions.get(concept);
    if (!d) {
      d = pseudoGaussian(concept, dimensions);
      directions.set(concept, d);
    }
    return d;
  };
  const vectorOf = (text: string) => {
    const sum = new Array<number>(dimensions).fill(0);
    for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
      if (STOPWORDS.has(word)) continue;
      const d = direction(conceptOf.get(word) ?? word);
      for (let i = 0; i < dimensions; i++) sum[i] += d[i];
    }
    return sum;
  };
  const requests: EmbeddingsServer['requests'] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      const { input } = JSON.parse(body) as { input: string | string[] };
      const inputs = Array.isArray(input) ? input : [input];
      requests.push({ authorization: req.headers.authorization, inputs: inputs.length });
      const data = inputs.map((text, index) => ({ object: 'embedding', index, embedding: vectorOf(text) }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: 'stand-in' }));
    });
  });
  const port = options.port ?? (await freePort());
  const start = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await start();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    vectorOf,
    start,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A fixed direction for a name: normal deviates (Box-Muller) from a SHA-256 counter stream. */
function pseudoGaussian(name: string, dimensions: number): number[] {
  const values: number[] = [];
  let block = 0;
  let bytes: Buffer = Buffer.alloc(0);
  let offset = 0;
  const uniform = () => {
    if (offset + 4 > bytes.length) {
      bytes = createHash('sha256').update(`${name}:${block++}`).digest();
      offset = 0;
    }
    const u = (bytes.readUInt32LE(offset) + 1) / 4294967297;
    offset += 4;
    return u;
  };
  while (values.length < dimensions) {
    const r = Math.sqrt(-2 * Math.log(uniform()));
    const t = 2 * Math.PI * uniform();
    values.push(r * Math.cos(t), r * Math.sin(t));
  }
  return values.slice(0, dimensions);
}
