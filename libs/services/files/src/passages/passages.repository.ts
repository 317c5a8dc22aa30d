import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { FileTagFilter } from '@platform/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { tagFilterSql, visibilitySql } from '../files/file-row';
import { dot, fromBytes, signBits, toBytes } from '../embeddings/vectors';
import { Passage } from './chunk';

export interface PassageRow {
  fileId: string;
  position: number;
  id: string;
  content: string;
  subtype: string;
  pageNumber: number | null;
  breadcrumb: string[];
}

export interface ScoredPassage extends PassageRow {
  score: number;
}

/** Best full-text matches re-ranked with the phrase and trigram bonuses, per result asked for (at least `MIN_CANDIDATES`). */
const CANDIDATES_PER_RESULT = 10;
const MIN_CANDIDATES = 100;

/** The most trigram similarity (0 to 1) adds to a passage's score, before the heading weight. */
const TRIGRAM_WEIGHT = 0.3;

/** Rows per INSERT when storing a file's passages; fewer when each carries its vector. */
const INSERT_BATCH = 500;
const INSERT_BATCH_WITH_VECTORS = 100;

/**
 * Passages of the semantic first pass (nearest by sign bits) compared exactly with the question,
 * per passage ranked, within bounds: enough that the sign bits' approximation rarely loses one of
 * the best, few enough that reading their vectors stays cheap.
 */
const SEMANTIC_CANDIDATES_PER_RESULT = 5;
const MIN_SEMANTIC_CANDIDATES = 200;
const MAX_SEMANTIC_CANDIDATES = 500;

/** A passage's columns as `PassageRow` names them, from the table (or candidates) under `alias`. */
const PASSAGE_COLUMNS = (alias: string) =>
  `${alias}."file_id" AS "fileId", ${alias}."position", ${alias}."id", ${alias}."content", ${alias}."subtype", ${alias}."page_number" AS "pageNumber", ${alias}."breadcrumb"`;

/** The only access to `files.passages`: storing a file's passages, reading them, searching them. */
@Injectable()
export class PassagesRepository implements OnApplicationBootstrap {
  /** Schema of pg_trgm when the database has it (search then adds trigram similarity). */
  private trigramSchema?: string;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    const rows = (await this.db.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as Array<{ schema: string }>;
    this.trigramSchema = rows[0]?.schema;
  }

  /**
   * Replaces every passage of the file, in the caller's transaction; with `vectors` (one per
   * passage, or none for one), each keeps its embedding and the embedding's sign bits.
   */
  async replace(
    manager: EntityManager,
    botId: string,
    fileId: string,
    passages: Passage[],
    language: string,
    vectors?: Array<Float32Array | null>,
  ): Promise<void> {
    await manager.query(`DELETE FROM "files"."passages" WHERE "bot_id" = $1 AND "file_id" = $2`, [botId, fileId]);
    const batchSize = vectors ? INSERT_BATCH_WITH_VECTORS : INSERT_BATCH;
    for (let start = 0; start < passages.length; start += batchSize) {
      const batch = passages.slice(start, start + batchSize);
      await manager.query(
        `INSERT INTO "files"."passages" ("bot_id", "file_id", "position", "id", "content", "subtype", "page_number", "breadcrumb", "language", "tsv",
           "embedding", "embedding_sign")
         SELECT $1, $2, p.position, p.id::uuid, p.content, p.subtype, p.page_number, p.breadcrumb, $3::regconfig,
                setweight(to_tsvector($3::regconfig, array_to_string(p.breadcrumb, ' ')), 'B') || setweight(to_tsvector($3::regconfig, p.content), 'A'),
                decode(p.embedding, 'base64'), p.sign::varbit
           FROM jsonb_to_recordset($4::jsonb) AS p(position int, id text, content text, subtype text, page_number int, breadcrumb text[], embedding text, sign text)`,
        [
          botId,
          fileId,
          language,
          JSON.stringify(
            batch.map((p, i) => {
              const vector = vectors?.[start + i] ?? null;
              return {
                position: start + i,
                id: randomUUID(),
                content: p.content,
                subtype: p.subtype,
                page_number: p.pageNumber ?? null,
                breadcrumb: p.breadcrumb,
                embedding: vector ? toBytes(vector).toString('base64') : null,
                sign: vector ? signBits(vector) : null,
              };
            }),
          ),
        ],
      );
    }
  }

  /** Copies a file's passages, with their embeddings, to another file of a bot (copyFile). */
  async copy(manager: EntityManager, botId: string, fromFileId: string, toBotId: string, toFileId: string): Promise<void> {
    await manager.query(
      `INSERT INTO "files"."passages" ("bot_id", "file_id", "position", "id", "content", "subtype", "page_number", "breadcrumb", "language", "tsv",
         "embedding", "embedding_sign")
       SELECT $3, $4, "position", gen_random_uuid(), "content", "subtype", "page_number", "breadcrumb", "language", "tsv", "embedding", "embedding_sign"
         FROM "files"."passages" WHERE "bot_id" = $1 AND "file_id" = $2`,
      [botId, fromFileId, toBotId, toFileId],
    );
  }

  async list(botId: string, fileId: string, offset: number, limit: number): Promise<PassageRow[]> {
    return (await this.db.query(
      `SELECT ${PASSAGE_COLUMNS('p')}
         FROM "files"."passages" p WHERE p."bot_id" = $1 AND p."file_id" = $2 ORDER BY p."position" LIMIT $3 OFFSET $4`,
      [botId, fileId, limit, offset],
    )) as PassageRow[];
  }

  /**
   * Passages of files around given positions (the context of search results), in file and
   * position order. Read by key: the files and the positions go as two lists, which Postgres looks
   * up in the primary key (a handful of rows), where a join with the spots as a set let it plan
   * for a hundred of them and read every passage of the bot; pairs of a file and another file's
   * positions come back with them and are left out here.
   */
  async around(botId: string, spots: Array<{ fileId: string; from: number; to: number }>): Promise<PassageRow[]> {
    if (spots.length === 0) return [];
    const wanted = new Map<string, Set<number>>();
    for (const spot of spots) {
      const positions = wanted.get(spot.fileId) ?? new Set<number>();
      for (let position = Math.max(0, spot.from); position <= spot.to; position++) positions.add(position);
      wanted.set(spot.fileId, positions);
    }
    const positions = [...new Set([...wanted.values()].flatMap((set) => [...set]))];
    const rows = (await this.db.query(
      `SELECT ${PASSAGE_COLUMNS('p')}
         FROM "files"."passages" p
        WHERE p."bot_id" = $1 AND p."file_id" = ANY($2::text[]) AND p."position" = ANY($3::int[])
        ORDER BY p."file_id", p."position"`,
      [botId, [...wanted.keys()], positions],
    )) as PassageRow[];
    return rows.filter((row) => wanted.get(row.fileId)!.has(row.position));
  }

  /**
   * The bot's passages best matching a question: full-text search in each passage's own
   * language (every word stemmed, any of them matching, as a prefix too), ranked by cover density
   * (`ts_rank_cd`), with a bonus where the words appear as a phrase and, when pg_trgm is there,
   * trigram similarity for near spellings. Headings count half: the answer is in the text under
   * them (whose breadcrumb holds the heading's words too). Only indexed, live files of the bot,
   * filtered by tags.
   *
   * The trigram similarity (comparing the question with each candidate's whole text) costs more
   * than the rest of the ranking, so it is computed only for candidates it could bring into the
   * results. It is computed first for the `limit` best candidates without it (the leaders): their
   * lowest score in full is a bar that the results' scores reach. The similarity adds at most 0.3
   * (times the heading weight), so another candidate whose score without it, plus that, stays
   * below the bar cannot be among the results, and is left out before it is computed. The results
   * are the same as with it computed for all.
   */
  async search(botId: string, question: string, tags: FileTagFilter | undefined, limit: number, integrationAlias?: string): Promise<ScoredPassage[]> {
    const params: unknown[] = [botId, question];
    const filters = fileFilterSql(params, tags, integrationAlias);
    params.push(Math.max(limit * CANDIDATES_PER_RESULT, MIN_CANDIDATES), limit);
    const heading = (alias: string) => `CASE WHEN ${alias}."subtype" IN ('title', 'subtitle') THEN 0.5 ELSE 1 END`;
    const limitParam = `$${params.length}`;
    // Ranked in two steps: the cheap frequency rank (ts_rank) over every match picks the
    // candidates; cover density, the phrase and trigram bonuses rank those. The first step keeps
    // only where each candidate is (its row, stable within the statement), not its columns, and
    // the passages read again are the candidates alone. A phrase's cover density is zero where the
    // phrase does not match, and the match costs a twentieth of the density: it is computed only
    // where the phrase is.
    const rows = (await this.db.query(
      `WITH languages AS (SELECT DISTINCT "language" FROM "files"."files" WHERE "bot_id" = $1 AND "indexed" AND "language" IS NOT NULL),
            terms AS (
              SELECT l."language",
                     (SELECT string_agg(quote_literal(t.lexeme) || ':*', ' | ') FROM unnest(to_tsvector(l."language", $2)) t) AS words,
                     phraseto_tsquery(l."language", $2) AS phrase
                FROM languages l),
            queries AS MATERIALIZED (SELECT "language", words::tsquery AS tsq, phrase FROM terms WHERE words IS NOT NULL),
            candidates AS (
              SELECT p."ctid" AS "row", q.tsq, q.phrase, ts_rank(p."tsv", q.tsq, 1) * ${heading('p')} AS rank
                FROM "files"."passages" p
                JOIN queries q ON p."language" = q."language"
                JOIN "files"."files" f ON f."bot_id" = p."bot_id" AND f."id" = p."file_id"
               WHERE p."bot_id" = $1 AND p."tsv" @@ q.tsq AND f."indexed" AND (f."expires_at" IS NULL OR f."expires_at" > now())
                     ${filters}
               ORDER BY rank DESC
               LIMIT $${params.length - 1}),
            scored AS MATERIALIZED (
              SELECT p."file_id", p."position", p."id", p."content", p."subtype", p."page_number", p."breadcrumb",
                     ts_rank_cd(p."tsv", c.tsq, 1) + CASE WHEN p."tsv" @@ c.phrase THEN 2 * ts_rank_cd(p."tsv", c.phrase, 1) ELSE 0 END AS "base",
                     ${heading('p')} AS "weight"
                FROM candidates c
                JOIN "files"."passages" p ON p."ctid" = c."row"),
            ${this.trigramSchema ? this.trigramRanking(limitParam) : `ranked AS (SELECT s.*, (s."base" * s."weight")::float8 AS "score" FROM scored s)`}
       SELECT ${PASSAGE_COLUMNS('c')}, c."score"
         FROM ranked c
        ORDER BY c."score" DESC, c."file_id", c."position"
        LIMIT ${limitParam}`,
      params,
    )) as ScoredPassage[];
    return rows.map((r) => ({ ...r, score: Number(r.score) }));
  }

  /**
   * `ranked`: the candidates (`scored`) that could be among the `limit` best, with the trigram
   * similarity in their score: the leaders, then those others that could reach the leaders' bar.
   * The similarity is computed in an outer query over the leaders, which Postgres would otherwise
   * compute for every candidate before the sort and limit that pick them.
   */
  private trigramRanking(limitParam: string): string {
    const score = (alias: string) =>
      `((${alias}."base" + ${TRIGRAM_WEIGHT} * "${this.trigramSchema}".word_similarity($2, ${alias}."content")) * ${alias}."weight")::float8`;
    return `leaders AS MATERIALIZED (
              SELECT l.*, ${score('l')} AS "score"
                FROM (SELECT * FROM scored s ORDER BY s."base" * s."weight" DESC, s."file_id", s."position" LIMIT ${limitParam}) l),
            bar AS (SELECT CASE WHEN count(*) = ${limitParam} THEN min(l."score") ELSE 0 END AS "score" FROM leaders l),
            ranked AS (
              SELECT * FROM leaders
              UNION ALL
              SELECT s.*, ${score('s')}
                FROM scored s
               WHERE (s."base" + ${TRIGRAM_WEIGHT}) * s."weight" >= (SELECT b."score" FROM bar b)
                 AND NOT EXISTS (SELECT 1 FROM leaders l WHERE l."file_id" = s."file_id" AND l."position" = s."position"))`;
  }

  /**
   * The bot's passages nearest in meaning to a question's vector, best first, scored by cosine
   * similarity: among the passages of live files embedded with the same model, the nearest by
   * sign bits (Hamming distance, computed by Postgres over thousands of rows in milliseconds) are
   * read with their vectors and compared exactly. No extension needed: vectors are float32 bytes,
   * sign bits a bit string.
   */
  async nearest(
    botId: string,
    vector: Float32Array,
    model: string,
    tags: FileTagFilter | undefined,
    limit: number,
    integrationAlias?: string,
  ): Promise<ScoredPassage[]> {
    const params: unknown[] = [botId, model, signBits(vector)];
    const filters = fileFilterSql(params, tags, integrationAlias);
    params.push(Math.min(Math.max(limit * SEMANTIC_CANDIDATES_PER_RESULT, MIN_SEMANTIC_CANDIDATES), MAX_SEMANTIC_CANDIDATES));
    const rows = (await this.db.query(
      `SELECT ${PASSAGE_COLUMNS('p')}, p."embedding"
         FROM "files"."passages" p
         JOIN "files"."files" f ON f."bot_id" = p."bot_id" AND f."id" = p."file_id"
        WHERE p."bot_id" = $1 AND f."embedding_model" = $2 AND p."embedding_sign" IS NOT NULL AND length(p."embedding_sign") = length($3::varbit)
              AND f."indexed" AND (f."expires_at" IS NULL OR f."expires_at" > now()) ${filters}
        ORDER BY bit_count(p."embedding_sign" # $3::varbit), p."file_id", p."position"
        LIMIT $${params.length}`,
      params,
    )) as Array<PassageRow & { embedding: Buffer }>;
    return rows
      .map(({ embedding, ...row }) => ({ ...row, score: dot(vector, fromBytes(embedding)) }))
      .sort((a, b) => b.score - a.score || a.fileId.localeCompare(b.fileId) || a.position - b.position)
      .slice(0, limit);
  }
}

/** The conditions on the files (`f`) a search reads, their parameters appended to `params`: tags, and what an integration may see. */
function fileFilterSql(params: unknown[], tags: FileTagFilter | undefined, integrationAlias: string | undefined): string {
  const tagSql = tagFilterSql('f."tags"', tags, params.length + 1);
  params.push(...tagSql.params);
  if (integrationAlias !== undefined) {
    params.push(integrationAlias);
    tagSql.sql.push(visibilitySql('f', params.length));
  }
  return tagSql.sql.map((c) => `AND ${c}`).join(' ');
}
