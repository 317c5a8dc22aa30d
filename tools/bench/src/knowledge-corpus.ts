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
  return sectionedDocuments(passages, words);
}

/** Documents of about `passages` passages, 2,000 a document: sections of a heading of three words and a paragraph of 40, drawn by `draw`. */
function sectionedDocuments(passages: number, draw: (n: number) => string): string[] {
  const count = Math.max(1, Math.round(passages / 2000));
  const sections = Math.ceil(passages / count / 2);
  return Array.from({ length: count }, (_, d) => Array.from({ length: sections }, (_, s) => `## ${draw(3)} ${d}-${s}\n\n${draw(40)}.\n`).join('\n'));
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

/** Made-up words of the handbook corpus, most frequent first. */
const HANDBOOK_VOCABULARY = 5000;
/** Zipf's exponent of word frequencies in English text. */
const ZIPF_EXPONENT = 1.07;
/** The ranks of the handbook question's words: a common one (as "get" is) and topic words of middle frequency. */
const QUESTION_RANKS = [40, 150, 400, 1200];

/** A pseudo-random sequence in [0, 1), the same for the same seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The vocabulary, most frequent first: two syllables of consonant, vowel, consonant each (no English stop word has that shape). */
function handbookVocabulary(): string[] {
  const random = seeded(7);
  const pick = (letters: string) => letters[Math.floor(random() * letters.length)];
  const syllable = () => pick('bdfgklmnprtvz') + pick('aeiou') + pick('bdfgklmnprtvz');
  const words = new Set<string>();
  while (words.size < HANDBOOK_VOCABULARY) words.add(syllable() + syllable());
  return [...words];
}

/**
 * Markdown documents of about `passages` passages (a heading and a paragraph a section) whose
 * words follow the frequencies of real text: Zipf's law over 5,000 made-up words, the same
 * documents on every run. A question's words (`handbookQuestion`) then match a few percent of
 * the passages, as a topic's words do in a handbook; in `markdownDocuments`, every word is one
 * of 56 and any question matches more than half.
 */
export function handbookDocuments(passages = 2000): string[] {
  const vocabulary = handbookVocabulary();
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= vocabulary.length; rank++) cumulative.push((total += 1 / rank ** ZIPF_EXPONENT));
  const random = seeded(11);
  const word = () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low];
  };
  return sectionedDocuments(passages, (n) => Array.from({ length: n }, word).join(' '));
}

/** A question about one topic of the handbook corpus: a common word and three of middle frequency. */
export function handbookQuestion(): string {
  const vocabulary = handbookVocabulary();
  return `how do I ${QUESTION_RANKS.map((rank) => vocabulary[rank - 1]).join(' ')}`;
}
