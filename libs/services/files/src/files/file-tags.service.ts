import { Injectable } from '@nestjs/common';
import { ListFileTagsResponse, ListFileTagValuesResponse, PageQueryDto } from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { offsetOf, tokenOf } from './file-row';
import { FilesRepository } from './files.repository';

const PAGE = 100;

/** The tag names, and the values of one tag, across the bot's files. */
@Injectable()
export class FileTagsService {
  constructor(private readonly files: FilesRepository) {}

  async names(access: BotAccess, query: PageQueryDto): Promise<ListFileTagsResponse> {
    const offset = offsetOf(query.nextToken);
    const rows = await this.files.tagNames(access.botId, offset, PAGE + 1);
    return { tags: rows.slice(0, PAGE), meta: rows.length > PAGE ? { nextToken: tokenOf(offset + PAGE) } : {} };
  }

  async values(access: BotAccess, tag: string, query: PageQueryDto): Promise<ListFileTagValuesResponse> {
    const offset = offsetOf(query.nextToken);
    const rows = await this.files.tagValues(access.botId, tag, offset, PAGE + 1);
    return { values: rows.slice(0, PAGE), meta: rows.length > PAGE ? { nextToken: tokenOf(offset + PAGE) } : {} };
  }
}
