import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from '@botpress/client';
import { Mesh } from '@platform/testing';
import { percentile } from './bot-loop';
import { markdownDocuments, passagesIn, SEARCHES, uploadIndexed, words } from './knowledge-corpus';

const UPLOADS = Number(process.env.BENCH_FILE_UPLOADS ?? 4);
const UPLOAD_MB = Number(process.env.BENCH_FILE_MB ?? 100);

export interface FilesFigures {
  uploads: number;
  uploadMb: number;
  uploadMbPerSecond: number;
  /** Peak resident memory above the resident memory before the uploads, per process. */
  rssGrowthMb: Record<string, number>;
  passages: number;
  passagesPerSecond: number;
  searchP50Ms: number;
  searchP99Ms: number;
}

/**
 * The files API under load: concurrent uploads of large files through the gateway into the blob
 * store (throughput, and how much the gateway's and the files service's memory grows: the bytes
 * must stream, not pile up), the indexing rate of Markdown, and searchFiles latency over the
 * passages indexed.
 */
export async function measureFiles(mesh: Mesh, token: string): Promise<FilesFigures> {
  const { workspaces } = await new Client({ apiUrl: mesh.url, token }).listWorkspaces({});
  const admin = new Client({ apiUrl: mesh.url, token, workspaceId: workspaces[0].id });
  const { bot } = await admin.createBot({ name: 'bench files' });
  const files = new Client({ apiUrl: mesh.url, token, botId: bot.id, timeout: 600_000 });

  // Uploads: the same random content, sent concurrently under different keys.
  const content = randomBytes(UPLOAD_MB * 1024 * 1024);
  const processes = ['gateway', 'files'];
  const before = Object.fromEntries(processes.map((name) => [name, memory(mesh.pid(name)).rss]));
  const started = Date.now();
  await Promise.all(Array.from({ length: UPLOADS }, (_, i) => files.uploadFile({ key: `big-${i}.bin`, content })));
  const seconds = (Date.now() - started) / 1000;
  const rssGrowthMb = Object.fromEntries(processes.map((name) => [name, (memory(mesh.pid(name)).peak - before[name]) / 1024]));
  for (let i = 0; i < UPLOADS; i++) {
    const { file } = await files.getFile({ id: `big-${i}.bin` });
    if (file.status !== 'upload_completed' || file.size !== content.length) throw new Error(`Upload ${i} ended ${file.status}, ${file.size} bytes`);
  }

  // Indexing: Markdown documents of sections (a heading and a paragraph, two passages each).
  const documents = markdownDocuments();
  const indexSeconds = await uploadIndexed(files, documents);
  const passages = passagesIn(documents);

  // Search: questions of a few words, one at a time.
  const latencies: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const t = performance.now();
    await files.searchFiles({ query: `how do I ${words(4)}`, limit: 5 });
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  return {
    uploads: UPLOADS,
    uploadMb: UPLOAD_MB,
    uploadMbPerSecond: (UPLOADS * UPLOAD_MB) / seconds,
    rssGrowthMb,
    passages,
    passagesPerSecond: passages / indexSeconds,
    searchP50Ms: percentile(latencies, 0.5),
    searchP99Ms: percentile(latencies, 0.99),
  };
}

export function reportFiles(f: FilesFigures): string {
  const growth = Object.entries(f.rssGrowthMb)
    .map(([name, mb]) => `${name} +${mb.toFixed(0)} MB`)
    .join(', ');
  return (
    `\nFiles: ${f.uploads} concurrent uploads of ${f.uploadMb} MB through the gateway into the JetStream object store at ${f.uploadMbPerSecond.toFixed(0)} MB/s ` +
    `(peak resident memory over the start: ${growth}); indexing of ${f.passages} Markdown passages at ${f.passagesPerSecond.toFixed(0)} passages/s; ` +
    `searchFiles over them: p50 ${f.searchP50Ms.toFixed(1)} ms, p99 ${f.searchP99Ms.toFixed(1)} ms\n`
  );
}

/** Resident and peak resident memory of a process, in KB (Linux). */
function memory(pid: number | undefined): { rss: number; peak: number } {
  if (!pid) throw new Error('The process is not running');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
