import { Controller } from '@nestjs/common';
import { Errors, ListTagValuesResponse, RuntimeOperations as Runtime } from '@platform/contracts';
import { Handles, OperationRequest } from '@platform/messaging';
import { BotAccess } from '@platform/bot-access';
import { TagsRepository } from './tags.repository';

const PAGE_SIZE = 100;

@Controller()
export class TagsController {
  constructor(private readonly tags: TagsRepository) {}

  /** Pages of distinct values in code-point order; the token is the last value of the page. */
  @Handles(Runtime.listTagValues)
  async list({ access, input }: OperationRequest<typeof Runtime.listTagValues, BotAccess>): Promise<ListTagValuesResponse> {
    const after = input.nextToken === undefined ? undefined : decodeToken(input.nextToken);
    const values = await this.tags.values(access.botId, input.type, input.key, after, PAGE_SIZE + 1);
    const page = values.slice(0, PAGE_SIZE);
    return {
      tags: page.map((value) => ({ value })),
      meta: values.length > PAGE_SIZE ? { nextToken: Buffer.from(JSON.stringify([page[page.length - 1]])).toString('base64url') } : {},
    };
  }
}

function decodeToken(token: string): string {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded.length === 1 && typeof decoded[0] === 'string') return decoded[0];
  } catch {
    // refused below
  }
  throw Errors.invalidPayload('nextToken is not a token this listing gave');
}
