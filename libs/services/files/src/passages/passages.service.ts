import { Injectable } from '@nestjs/common';
import { ListFilePassagesQuery, ListFilePassagesResponse, PassageSubtype, SetFilePassagesBody } from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { offsetOf, tokenOf } from '../files/file-row';
import { FilesRepository } from '../files/files.repository';
import { FilesService } from '../files/files.service';
import { Indexer } from './indexer';
import { PassagesRepository } from './passages.repository';

/** A file's passages: read in document order, or replaced by the caller's own. */
@Injectable()
export class PassagesService {
  constructor(
    private readonly files: FilesService,
    private readonly fileRows: FilesRepository,
    private readonly passages: PassagesRepository,
    private readonly indexer: Indexer,
  ) {}

  async list(access: BotAccess, idOrKey: string, query: ListFilePassagesQuery): Promise<ListFilePassagesResponse> {
    const file = await this.files.readable(access, idOrKey);
    const offset = offsetOf(query.nextToken);
    const limit = query.limit ?? query.pageSize ?? 20;
    const rows = await this.passages.list(access.botId, file.id, offset, limit + 1);
    return {
      passages: rows.slice(0, limit).map((p) => ({
        id: p.id,
        content: p.content,
        meta: {
          type: 'chunk' as const,
          subtype: p.subtype as PassageSubtype,
          position: p.position,
          ...(p.pageNumber !== null ? { pageNumber: p.pageNumber } : {}),
        },
      })),
      meta: rows.length > limit ? { nextToken: tokenOf(offset + limit) } : {},
    };
  }

  async set(access: BotAccess, idOrKey: string, input: SetFilePassagesBody): Promise<Record<string, never>> {
    const file = await this.files.writable(access, idOrKey);
    await this.fileRows.setPendingPassages(
      access.botId,
      file.id,
      input.passages.map((p) => ({ content: p.content, type: p.type, pageNumber: p.pageNumber })),
    );
    this.indexer.wake();
    return {};
  }
}
