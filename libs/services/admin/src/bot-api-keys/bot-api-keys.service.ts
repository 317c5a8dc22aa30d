import { Injectable } from '@nestjs/common';
import { hashSecret, newSecret } from '@platform/auth';
import { BotApiKeyView, CreateBotApiKeyBody, CreatedBotApiKeyResponse, Errors, ListBotApiKeysQuery, ListBotApiKeysResponse, newId } from '@platform/contracts';
import { AccessNotices } from '../access/access-notices';
import { WorkspaceAccess } from '../access/access.service';
import { AuditService } from '../audit/audit.service';
import { BotEntity } from '../bots/bot.entity';
import { BotsRepository } from '../bots/bots.repository';
import { BotApiKeyEntity } from './bot-api-key.entity';
import { BotApiKeysRepository } from './bot-api-keys.repository';

function toView(key: BotApiKeyEntity): BotApiKeyView {
  return { id: key.id, createdAt: key.createdAt.toISOString(), note: key.note };
}

/**
 * Bot API keys, managed by the developers of the bot's workspace. A key is a credential for the
 * bot's runtime API, so handing one out takes the same role as changing the bot.
 */
@Injectable()
export class BotApiKeysService {
  constructor(
    private readonly bots: BotsRepository,
    private readonly keys: BotApiKeysRepository,
    private readonly audit: AuditService,
    private readonly notices: AccessNotices,
  ) {}

  /** The key's value is in this answer only: what is stored is its hash. */
  async create(access: WorkspaceAccess, input: CreateBotApiKeyBody): Promise<CreatedBotApiKeyResponse> {
    const bot = await this.requireBot(access, input.botId);
    const value = newSecret('bp_bak');
    const key: BotApiKeyEntity = { id: newId('bak'), botId: bot.id, tokenHash: hashSecret(value), note: input.note ?? '', createdAt: new Date() };
    await this.keys.insert(key);
    await this.audit.record(access.workspaceId, access.account, {
      action: 'UNKNOWN',
      operation: 'createBotApiKey',
      resourceId: key.id,
      resourceName: bot.name,
    });
    return { ...toView(key), value };
  }

  async list(access: WorkspaceAccess, query: ListBotApiKeysQuery): Promise<ListBotApiKeysResponse> {
    const bot = await this.requireBot(access, query.botId);
    return { baks: (await this.keys.listForBot(bot.id)).map(toView) };
  }

  /** Deleting a key revokes it at once: the runtime no longer knows its hash. */
  async delete(access: WorkspaceAccess, id: string): Promise<Record<string, never>> {
    const { account, workspaceId } = access;
    const key = await this.keys.find(id);
    const bot = key ? await this.bots.findInWorkspace(workspaceId, key.botId) : null;
    // A key of a bot in another workspace is as unknown as a key that never existed.
    if (!key || !bot) throw Errors.notFound('Bot API key', id);
    await this.keys.delete(key.id);
    // Runtime replicas may hold a grant for this key: they drop it before this answer goes out.
    await this.notices.tokensRevoked([key.tokenHash]);
    await this.audit.record(workspaceId, account, { action: 'UNKNOWN', operation: 'deleteBotApiKey', resourceId: key.id, resourceName: bot.name });
    return {};
  }

  private async requireBot(access: WorkspaceAccess, botId: string): Promise<BotEntity> {
    const bot = await this.bots.findInWorkspace(access.workspaceId, botId);
    if (!bot) throw Errors.notFound('Bot', botId);
    return bot;
  }
}
