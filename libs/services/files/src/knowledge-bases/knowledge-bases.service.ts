import { Injectable } from '@nestjs/common';
import {
  CreateKnowledgeBaseBody,
  Errors,
  KnowledgeBaseResponse,
  ListKnowledgeBasesQuery,
  ListKnowledgeBasesResponse,
  newId,
  UpdateKnowledgeBaseBody,
} from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { offsetOf, tokenOf } from '../files/file-row';
import { FilesRepository } from '../files/files.repository';
import { FilesService } from '../files/files.service';
import { KnowledgeBaseRow, KnowledgeBasesRepository } from './knowledge-bases.repository';

/** The tag that attaches a file to a knowledge base, as in the cloud: `kbId`. */
export const KNOWLEDGE_BASE_TAG = 'kbId';

const view = (kb: KnowledgeBaseRow) => ({ id: kb.id, name: kb.name, tags: kb.tags });

/**
 * Knowledge bases group a bot's files: a file belongs to one by its `kbId` tag, so searching
 * one is searching with `tags: { kbId }`. Deleting one deletes its files.
 */
@Injectable()
export class KnowledgeBasesService {
  constructor(
    private readonly kbs: KnowledgeBasesRepository,
    private readonly files: FilesRepository,
    private readonly fileService: FilesService,
  ) {}

  async create(access: BotAccess, input: CreateKnowledgeBaseBody): Promise<KnowledgeBaseResponse> {
    const now = new Date();
    const kb: KnowledgeBaseRow = { botId: access.botId, id: newId('kb'), name: input.name, tags: input.tags ?? {}, createdAt: now, updatedAt: now };
    await this.kbs.insert(kb);
    return { knowledgeBase: view(kb) };
  }

  async list(access: BotAccess, query: ListKnowledgeBasesQuery): Promise<ListKnowledgeBasesResponse> {
    const offset = offsetOf(query.nextToken);
    const limit = 100;
    const rows = await this.kbs.list(access.botId, query.tags, offset, limit + 1);
    return {
      knowledgeBases: rows.slice(0, limit).map((kb) => ({ ...view(kb), createdAt: kb.createdAt.toISOString() })),
      meta: rows.length > limit ? { nextToken: tokenOf(offset + limit) } : {},
    };
  }

  async update(access: BotAccess, id: string, input: UpdateKnowledgeBaseBody): Promise<KnowledgeBaseResponse> {
    const kb = await this.kbs.find(access.botId, id);
    if (!kb) throw Errors.notFound('Knowledge base', id);
    const tags = { ...kb.tags };
    for (const [key, value] of Object.entries(input.tags ?? {})) {
      if (value === null) delete tags[key];
      else tags[key] = value;
    }
    const updated = await this.kbs.update(access.botId, id, input.name, tags);
    if (!updated) throw Errors.notFound('Knowledge base', id);
    return { knowledgeBase: view(updated) };
  }

  async delete(access: BotAccess, id: string): Promise<Record<string, never>> {
    const blobs = await this.files.transaction(async (manager) => {
      if (!(await this.kbs.delete(manager, access.botId, id))) throw Errors.notFound('Knowledge base', id);
      return this.files.deleteWhere(manager, `f."bot_id" = $1 AND f."tags"->>'${KNOWLEDGE_BASE_TAG}' = $2`, [access.botId, id]);
    });
    await this.fileService.removeBlobs(blobs);
    return {};
  }
}
