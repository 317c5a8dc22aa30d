import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { suiteDatabase } from '@platform/persistence';
import { FILES_MIGRATIONS } from '../migrations';
import { Passage } from './chunk';
import { PassagesRepository } from './passages.repository';

/** Words of a small handbook, with near spellings among them, so questions match many passages and trigram similarity matters. */
const WORDS = 'refund refunds refnd invoice invoices invoce travel travelling expense expenses expnse hotel hotels password passwords pasword laptop'.split(
  ' ',
);

/** The same pseudo-random sequence on every run. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** The search ranking on Postgres itself (with pg_trgm, which the files migration installs where it can). */
describe('PassagesRepository.search (on Postgres)', () => {
  const database = suiteDatabase('passages', { schema: 'files', migrations: FILES_MIGRATIONS });
  const botId = 'bot_passages';
  const formsBotId = 'bot_word_forms';
  let dataSource: DataSource;
  let passages: PassagesRepository;

  /** An indexed Markdown file of the bot, with these passages. */
  async function indexedFile(bot: string, fileId: string, written: Passage[]): Promise<void> {
    const now = new Date();
    await dataSource.query(
      `INSERT INTO "files"."files" ("bot_id", "id", "key", "content_type", "declared_size", "status", "owner", "indexed", "language", "created_at", "updated_at")
       VALUES ($1, $2, $3, 'text/markdown', 1, 'indexing_completed', '{}', true, 'english', $4, $4)`,
      [bot, fileId, `${fileId}.md`, now],
    );
    await dataSource.transaction((manager) => passages.replace(manager, bot, fileId, written, 'english'));
  }

  beforeAll(async () => {
    dataSource = await database.open();
    passages = new PassagesRepository(dataSource);
    await passages.onApplicationBootstrap();

    const random = numbers(7);
    const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
    // Fewer matching passages than the search's candidates, so every match is ranked.
    const written: Passage[] = Array.from({ length: 80 }, (_, i) =>
      i % 4 === 0 ? { content: words(3), subtype: 'title', breadcrumb: [] } : { content: `${words(12)}.`, subtype: 'paragraph', breadcrumb: [`heading ${i}`] },
    );
    await indexedFile(botId, 'file_handbook', written);
    // The question's words as a phrase, and the same words out of order.
    await indexedFile(botId, 'file_phrases', [
      { content: 'Ask for a refund for my travel expenses here.', subtype: 'paragraph', breadcrumb: [] },
      { content: 'Travel expenses here: ask for my refund.', subtype: 'paragraph', breadcrumb: [] },
    ]);

    // Where near spellings decide: the question's very word in a passage one word longer, so of a
    // slightly lower text rank, than passages holding other forms of it (the same stem).
    const filler = (n: number) => Array.from({ length: n }, (_, i) => `lorem${i}`).join(' ');
    const forms: Passage[] = [
      ...['refunding', 'refunded', 'refunds'].map((form) => ({ content: `${form} ${filler(15)}`, subtype: 'paragraph' as const, breadcrumb: [] })),
      { content: `refund ${filler(16)}`, subtype: 'paragraph', breadcrumb: [] },
    ];
    await indexedFile(formsBotId, 'file_forms', forms);
    const other: Passage[] = Array.from({ length: 5 }, (_, i) => ({ content: `other ${i} ${filler(3)}`, subtype: 'paragraph', breadcrumb: [] }));
    await indexedFile(formsBotId, 'file_other', other);
  });

  afterAll(() => database.close());

  /** Every matching passage scored in full (cover density, phrase, trigram similarity, heading weight), best first. */
  async function everyMatchRanked(question: string, bot = botId): Promise<Array<{ fileId: string; position: number; score: number }>> {
    const rows = (await dataSource.query(
      `WITH q AS (
         SELECT (SELECT string_agg(quote_literal(t.lexeme) || ':*', ' | ') FROM unnest(to_tsvector('english', $2)) t)::tsquery AS tsq,
                phraseto_tsquery('english', $2) AS phrase)
       SELECT p."file_id" AS "fileId", p."position",
              ((ts_rank_cd(p."tsv", q.tsq, 1) + 2 * ts_rank_cd(p."tsv", q.phrase, 1) + 0.3 * word_similarity($2, p."content"))
                * CASE WHEN p."subtype" IN ('title', 'subtitle') THEN 0.5 ELSE 1 END)::float8 AS "score"
         FROM "files"."passages" p, q
        WHERE p."bot_id" = $1 AND p."tsv" @@ q.tsq
        ORDER BY "score" DESC, p."file_id", p."position"`,
      [bot, question],
    )) as Array<{ fileId: string; position: number; score: number }>;
    return rows.map((r) => ({ fileId: r.fileId, position: r.position, score: Number(r.score) }));
  }

  it('answers the best passages of every match ranked in full, whatever the number asked for', async () => {
    const extension = (await dataSource.query(`SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)) as unknown[];
    expect(extension).toHaveLength(1);
    for (const question of ['refund for my travel expenses', 'invoce pasword', 'hotels', 'laptop refnd travelling']) {
      const ranked = await everyMatchRanked(question);
      expect(ranked.length).toBeGreaterThan(10);
      for (const limit of [1, 3, 5, 10]) {
        const found = await passages.search(botId, question, undefined, limit);
        expect(found.map((p) => ({ fileId: p.fileId, position: p.position, score: p.score }))).toEqual(ranked.slice(0, limit));
      }
    }
  });

  it('adds the phrase bonus where the question stands as a phrase, and only there', async () => {
    const question = 'refund for my travel expenses';
    const ranked = await everyMatchRanked(question);
    const phrases = (await dataSource.query(
      `SELECT p."position", ts_rank_cd(p."tsv", phraseto_tsquery('english', $2), 1)::float8 AS "bonus"
         FROM "files"."passages" p WHERE p."bot_id" = $1 AND p."file_id" = 'file_phrases' ORDER BY p."position"`,
      [botId, question],
    )) as Array<{ position: number; bonus: number }>;
    expect(phrases[0].bonus).toBeGreaterThan(0);
    expect(phrases[1].bonus).toBe(0);
    const at = (position: number) => ranked.findIndex((p) => p.fileId === 'file_phrases' && p.position === position);
    // The same words in a shorter passage: only the phrase puts the longer one ahead.
    expect(at(0)).toBeLessThan(at(1));
    const found = await passages.search(botId, question, undefined, at(1) + 1);
    expect(found.map((p) => ({ fileId: p.fileId, position: p.position, score: p.score }))).toEqual(ranked.slice(0, at(1) + 1));
  });

  it('ranks first a passage its trigram similarity brings ahead of passages with a better text rank', async () => {
    const ranked = await everyMatchRanked('refund', formsBotId);
    // The passage with the word itself (position 3) comes first, on similarity alone.
    expect(ranked[0].position).toBe(3);
    for (const limit of [1, 2, 3]) {
      const found = await passages.search(formsBotId, 'refund', undefined, limit);
      expect(found.map((p) => ({ fileId: p.fileId, position: p.position, score: p.score }))).toEqual(ranked.slice(0, limit));
    }
  });

  it('reads the passages around each spot of each file, and only those', async () => {
    const around = await passages.around(formsBotId, [
      { fileId: 'file_forms', from: -1, to: 0 },
      { fileId: 'file_other', from: 3, to: 4 },
    ]);
    expect(around.map((p) => `${p.fileId}:${p.position}`)).toEqual(['file_forms:0', 'file_other:3', 'file_other:4']);
  });
});
