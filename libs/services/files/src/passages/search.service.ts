import { Injectable, Logger } from '@nestjs/common';
import { RequestContext } from '@platform/logging';
import { PassageContextView, PassageSubtype, SearchFilesQuery, SearchFilesResponse, SearchPassageView } from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { FilesRepository } from '../files/files.repository';
import { passageFileView } from '../files/file-view';
import { FileRow } from '../files/file-row';
import { Embeddings } from '../embeddings/embeddings';
import { fuse } from '../embeddings/vectors';
import { PassageRow, PassagesRepository, ScoredPassage } from './passages.repository';

const DEFAULT_LIMIT = 10;
const DEFAULT_CONTEXT_DEPTH = 1;
/** Passages of each ranking fused, per result asked for (40 to 100): fusion looks past the first few of each. */
const FUSED_PER_RESULT = 4;
const MIN_FUSED = 40;
const MAX_FUSED = 100;
/** The share of the request's remaining time a question's embedding may take; the rest is the search's. */
const QUERY_EMBEDDING_SHARE = 0.5;

/**
 * searchFiles: the best passages for a question, each with the neighbours asked for as context
 * (`contextDepth`), optionally its breadcrumb, or all of one file's matches consolidated into
 * one passage in document order under their headings.
 */
@Injectable()
export class SearchService {
  private readonly logger = new Logger('Search');

  constructor(
    private readonly passages: PassagesRepository,
    private readonly files: FilesRepository,
    private readonly embeddings: Embeddings,
  ) {}

  async search(access: BotAccess, query: SearchFilesQuery): Promise<SearchFilesResponse> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const depth = query.contextDepth ?? DEFAULT_CONTEXT_DEPTH;
    const hits = this.embeddings.enabled
      ? await this.hybrid(access, query, limit)
      : await this.passages.search(access.botId, query.query, query.tags, limit, access.integration?.alias);
    if (hits.length === 0) return { passages: [] };
    // The hits' files in one read (not one per file), beside their neighbours.
    const ids = [...new Set(hits.map((h) => h.fileId))];
    const [found, neighbours] = await Promise.all([
      this.files.list(access.botId, { ids, offset: 0, limit: ids.length }),
      this.passages.around(
        access.botId,
        hits.map((h) => ({ fileId: h.fileId, from: h.position - depth, to: h.position + depth })),
      ),
    ]);
    const files = new Map<string, FileRow>(found.map((file) => [file.id, file]));
    const at = new Map(neighbours.map((p) => [`${p.fileId}:${p.position}`, p]));
    const live = hits.filter((h) => files.has(h.fileId));
    if (query.consolidate) return { passages: consolidated(live, files) };
    return {
      passages: live.map((hit) => {
        const before: PassageRow[] = [];
        const after: PassageRow[] = [];
        for (let offset = depth; offset >= 1; offset--) {
          const p = at.get(`${hit.fileId}:${hit.position - offset}`);
          if (p) before.push(p);
        }
        for (let offset = 1; offset <= depth; offset++) {
          const p = at.get(`${hit.fileId}:${hit.position + offset}`);
          if (p) after.push(p);
        }
        const breadcrumb = hit.breadcrumb.length ? hit.breadcrumb.join(' > ') : undefined;
        const body = [...before, hit, ...after].map((p) => p.content).join('\n\n');
        const passage: SearchPassageView = {
          content: query.includeBreadcrumb && breadcrumb ? `${breadcrumb}\n\n${body}` : body,
          score: round(hit.score),
          meta: meta(hit, 'chunk'),
          file: passageFileView(files.get(hit.fileId)!),
        };
        if (query.withContext) {
          const context: PassageContextView[] = [];
          if (breadcrumb) context.push({ text: breadcrumb, type: 'breadcrumb' });
          for (const p of before) context.push({ id: p.id, text: p.content, offset: p.position - hit.position, type: 'preceding' });
          context.push({ id: hit.id, text: hit.content, offset: 0, type: 'current' });
          for (const p of after) context.push({ id: p.id, text: p.content, offset: p.position - hit.position, type: 'subsequent' });
          passage.context = context;
        }
        return passage;
      }),
    };
  }

  /**
   * With an embeddings API: the full-text ranking and the ranking by meaning (the question's
   * embedding against the passages'), fused by rank, so that a passage sharing no word with the
   * question can still come first. A question that cannot be embedded in time is answered by full
   * text alone.
   */
  private async hybrid(access: BotAccess, query: SearchFilesQuery, limit: number): Promise<ScoredPassage[]> {
    const alias = access.integration?.alias;
    const deep = Math.min(Math.max(limit * FUSED_PER_RESULT, MIN_FUSED), MAX_FUSED);
    const [text, meaning] = await Promise.all([
      this.passages.search(access.botId, query.query, query.tags, deep, alias),
      this.questionVector(query.query).then((q) => (q ? this.passages.nearest(access.botId, q.vector, q.model, query.tags, deep, alias) : [])),
    ]);
    const key = (p: ScoredPassage) => `${p.fileId}:${p.position}`;
    return fuse([text, meaning], key)
      .slice(0, limit)
      .map(({ item, score }) => ({ ...item, score }));
  }

  private async questionVector(question: string): Promise<{ model: string; vector: Float32Array } | undefined> {
    const remaining = RequestContext.remainingMs();
    const timeoutMs = remaining === undefined ? Number.MAX_SAFE_INTEGER : Math.max(100, Math.floor(remaining * QUERY_EMBEDDING_SHARE));
    try {
      return await this.embeddings.query(question, timeoutMs);
    } catch (error) {
      this.logger.warn({ msg: 'question not embedded; full-text ranking only', reason: (error as Error).message });
      return undefined;
    }
  }
}

/** One passage per file: its matches in document order, each under its headings (written once). */
function consolidated(hits: ScoredPassage[], files: Map<string, FileRow>): SearchPassageView[] {
  const byFile = new Map<string, ScoredPassage[]>();
  for (const hit of hits) byFile.set(hit.fileId, [...(byFile.get(hit.fileId) ?? []), hit]);
  return [...byFile.entries()]
    .map(([fileId, matches]) => {
      const ordered = [...matches].sort((a, b) => a.position - b.position);
      const lines: string[] = [];
      let headings: string[] = [];
      for (const match of ordered) {
        match.breadcrumb.forEach((heading, level) => {
          if (headings[level] !== heading) lines.push(`${'#'.repeat(level + 1)} ${heading}`);
        });
        headings = match.breadcrumb;
        lines.push(match.content);
      }
      return {
        content: lines.join('\n\n'),
        score: round(Math.max(...matches.map((m) => m.score))),
        meta: { type: 'consolidated' as const, position: ordered[0].position },
        file: passageFileView(files.get(fileId)!),
      };
    })
    .sort((a, b) => b.score - a.score);
}

function meta(p: PassageRow, type: 'chunk'): SearchPassageView['meta'] {
  return { type, subtype: p.subtype as PassageSubtype, position: p.position, ...(p.pageNumber !== null ? { pageNumber: p.pageNumber } : {}) };
}

function round(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
