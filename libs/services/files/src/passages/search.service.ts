import { Injectable } from '@nestjs/common';
import { PassageContextView, PassageSubtype, SearchFilesQuery, SearchFilesResponse, SearchPassageView } from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { FilesRepository } from '../files/files.repository';
import { passageFileView } from '../files/file-view';
import { FileRow } from '../files/file-row';
import { PassageRow, PassagesRepository, ScoredPassage } from './passages.repository';

const DEFAULT_LIMIT = 10;
const DEFAULT_CONTEXT_DEPTH = 1;

/**
 * searchFiles: the best passages for a question, each with the neighbours asked for as context
 * (`contextDepth`), optionally its breadcrumb, or all of one file's matches consolidated into
 * one passage in document order under their headings.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly passages: PassagesRepository,
    private readonly files: FilesRepository,
  ) {}

  async search(access: BotAccess, query: SearchFilesQuery): Promise<SearchFilesResponse> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const depth = query.contextDepth ?? DEFAULT_CONTEXT_DEPTH;
    const hits = await this.passages.search(access.botId, query.query, query.tags, limit, access.integration?.alias);
    if (hits.length === 0) return { passages: [] };
    const files = new Map<string, FileRow>();
    for (const id of new Set(hits.map((h) => h.fileId))) {
      const file = await this.files.find(access.botId, id);
      if (file) files.set(id, file);
    }
    const neighbours = await this.passages.around(
      access.botId,
      hits.map((h) => ({ fileId: h.fileId, from: h.position - depth, to: h.position + depth })),
    );
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
