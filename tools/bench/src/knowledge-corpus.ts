import { Client } from '@botpress/client';
import { sleep } from '@platform/testing';

/** How many passages the files cases index (BENCH_PASSAGES). */
export const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 10000);
/** How many searchFiles calls they time (BENCH_SEARCHES). */
export const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);

const WORDS =
  'account billing invoice refund password laptop travel hotel flight booking expense receipt meeting holiday leave parental remote office security badge printer network server backup storage contract supplier delivery warranty repair training mentor onboarding payroll salary bonus pension insurance doctor vacation schedule shift overtime parking canteen coffee kitchen recycling energy heating'.split(
    ' ',
  );

/** `n` words of an office handbook's vocabulary, at random. */
export function words(n: number): string {
  return Array.from({ length: n }, () => WORDS[Math.floor(Math.random() * WORDS.length)]).join(' ');
}

/** Markdown documents of about `passages` passages: sections of a heading and a paragraph (two passages each). */
export function markdownDocuments(passages = PASSAGES): string[] {
  const count = Math.max(1, Math.round(passages / 2000));
  const sections = Math.ceil(passages / count / 2);
  return Array.from({ length: count }, (_, d) => Array.from({ length: sections }, (_, s) => `## ${words(3)} ${d}-${s}\n\n${words(40)}.\n`).join('\n'));
}

/** The passages the documents make once indexed: two per section. */
export function passagesIn(documents: string[]): number {
  return documents.reduce((n, markdown) => n + (markdown.match(/^## /gm)?.length ?? 0) * 2, 0);
}

/** Uploads the documents for indexing and waits until every one is indexed; answers the seconds it took. */
export async function uploadIndexed(files: Client, documents: string[]): Promise<number> {
  const started = Date.now();
  const ids: string[] = [];
  for (const [d, markdown] of documents.entries()) ids.push((await files.uploadFile({ key: `doc-${d}.md`, content: markdown, index: true })).file.id);
  for (const id of ids) {
    for (;;) {
      const { file } = await files.getFile({ id });
      if (file.status === 'indexing_completed') break;
      if (file.status === 'indexing_failed') throw new Error(`Indexing failed: ${file.failedStatusReason}`);
      await sleep(50);
    }
  }
  return (Date.now() - started) / 1000;
}
