import { Client } from '@botpress/client';
import { EmbeddingsServer, OwnMesh, sql, startEmbeddingsServer, startOwnMesh } from '@platform/testing';
import { percentile } from './bot-loop';
import { markdownDocuments, SEARCHES, uploadIndexed, words } from './knowledge-corpus';

/** The vector length of common hosted models (text-embedding-3-small, ada-002). */
const DIMENSIONS = Number(process.env.BENCH_EMBEDDING_DIMENSIONS ?? 1536);
/** Questions whose semantic first pass is compared with an exact scan of every vector. */
const RECALL_QUESTIONS = 100;
/** As in the files service: passages read by sign bits, then compared exactly. */
const CANDIDATES = 200;

export interface SemanticFigures {
  passages: number;
  dimensions: number;
  /** Indexing rate with embeddings (requests to a local stand-in API), and without. */
  passagesPerSecond: { semantic: number; fullText: number };
  /** searchFiles latency with embeddings on (the question embedded over HTTP, no question asked twice) and off, asked in turns. */
  searchMs: { semantic: { p50: number; p99: number }; fullText: { p50: number; p99: number } };
  /** Share of the exact 10 nearest passages that the sign-bit first pass keeps. */
  recallAt10: number;
}

/**
 * searchFiles over 10,000 passages with semantic ranking on (1536-dimension vectors from a local
 * stand-in of an embeddings API, so the figures are the platform's, not a provider's), beside the
 * same corpus on a platform without embeddings; and how much the sign-bit first pass loses
 * against an exact scan.
 */
export async function measureSemanticSearch(): Promise<SemanticFigures> {
  const embeddings = await startEmbeddingsServer({ dimensions: DIMENSIONS });
  const semantic = await startOwnMesh({
    env: { FILES_EMBEDDINGS_URL: embeddings.url, FILES_EMBEDDINGS_MODEL: `stand-in-${DIMENSIONS}` },
  });
  const plain = await startOwnMesh();
  try {
    const corpus = markdownDocuments();
    const on = await index(semantic, corpus);
    const off = await index(plain, corpus);
    // The same questions to both, in turns, so that both see the same load on the machine.
    const latencies = { semantic: [] as number[], fullText: [] as number[] };
    for (let i = 0; i < SEARCHES; i++) {
      const query = `how do I ${words(4)} ${i}`;
      for (const [side, target] of [
        ['semantic', on],
        ['fullText', off],
      ] as const) {
        const t = performance.now();
        await target.files.searchFiles({ query, limit: 5 });
        latencies[side].push(performance.now() - t);
      }
    }
    const summary = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    };
    return {
      passages: on.passages,
      dimensions: DIMENSIONS,
      passagesPerSecond: { semantic: on.passagesPerSecond, fullText: off.passagesPerSecond },
      searchMs: { semantic: summary(latencies.semantic), fullText: summary(latencies.fullText) },
      recallAt10: await recall(semantic, on.botId, embeddings),
    };
  } finally {
    await Promise.all([semantic.close(), plain.close()]);
    await embeddings.stop();
  }
}

export function reportSemanticSearch(f: SemanticFigures): string {
  return (
    `\nSemantic search: ${f.passages} Markdown passages, ${f.dimensions}-dimension embeddings from a local stand-in API: ` +
    `indexed at ${f.passagesPerSecond.semantic.toFixed(0)} passages/s (${f.passagesPerSecond.fullText.toFixed(0)} without embeddings); ` +
    `searchFiles p50 ${f.searchMs.semantic.p50.toFixed(1)} ms, p99 ${f.searchMs.semantic.p99.toFixed(1)} ms ` +
    `(full text alone: p50 ${f.searchMs.fullText.p50.toFixed(1)} ms, p99 ${f.searchMs.fullText.p99.toFixed(1)} ms); ` +
    `the sign-bit first pass keeps ${(f.recallAt10 * 100).toFixed(1)}% of the exact 10 nearest\n`
  );
}

async function index(own: OwnMesh, corpus: string[]) {
  const api = (props: { botId?: string; workspaceId?: string } = {}) => new Client({ apiUrl: own.mesh.url, token: own.token, timeout: 600_000, ...props });
  const { workspaces } = await api().listWorkspaces({});
  const { bot } = await api({ workspaceId: workspaces[0].id }).createBot({ name: 'bench semantic' });
  const files = api({ botId: bot.id });
  const seconds = await uploadIndexed(files, corpus);
  const [{ count }] = await sql<{ count: string }>(
    `SELECT count(*) AS count FROM "files"."passages" WHERE "bot_id" = $1`,
    [bot.id],
    own.mesh.settings.databaseUrl,
  );
  return { botId: bot.id, files, passages: Number(count), passagesPerSecond: Number(count) / seconds };
}

/** For questions of the corpus's words: the exact 10 nearest passages (every vector read) against those the sign bits keep. */
async function recall(own: OwnMesh, botId: string, embeddings: EmbeddingsServer): Promise<number> {
  const url = own.mesh.settings.databaseUrl;
  const rows = await sql<{ key: string; embedding: Buffer }>(
    `SELECT "file_id" || ':' || "position" AS key, "embedding" FROM "files"."passages" WHERE "bot_id" = $1 AND "embedding" IS NOT NULL`,
    [botId],
    url,
  );
  const stored = rows.map((r) => ({ key: r.key, vector: Float32Array.from({ length: r.embedding.length / 4 }, (_, j) => r.embedding.readFloatLE(j * 4)) }));
  let kept = 0;
  for (let i = 0; i < RECALL_QUESTIONS; i++) {
    const q = unit(embeddings.vectorOf(words(5)));
    const best = (candidates: typeof stored) =>
      candidates
        .map((c) => ({ key: c.key, score: c.vector.reduce((sum, x, j) => sum + x * q[j], 0) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 10)
        .map((c) => c.key);
    const exact = best(stored);
    const bits = [...q].map((x) => (x > 0 ? '1' : '0')).join('');
    const firstPass = await sql<{ key: string }>(
      `SELECT "file_id" || ':' || "position" AS key FROM "files"."passages" WHERE "bot_id" = $1 AND "embedding_sign" IS NOT NULL
        ORDER BY bit_count("embedding_sign" # $2::varbit) LIMIT ${CANDIDATES}`,
      [botId, bits],
      url,
    );
    const keys = new Set(firstPass.map((r) => r.key));
    const approximate = best(stored.filter((s) => keys.has(s.key)));
    kept += approximate.filter((k) => exact.includes(k)).length;
  }
  return kept / (RECALL_QUESTIONS * 10);
}

function unit(values: number[]): number[] {
  const norm = Math.hypot(...values);
  return values.map((v) => v / norm);
}

// `node -r ./tools/register-paths.js dist/tools/bench/src/files-semantic.js`: this case alone.
if (require.main === module) {
  measureSemanticSearch()
    .then((figures) => process.stdout.write(reportSemanticSearch(figures)))
    .catch((error) => {
      process.stderr.write(`${(error as Error).stack}\n`);
      process.exit(1);
    });
}
