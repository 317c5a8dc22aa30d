import { Injectable } from '@nestjs/common';
import {
  BotVersionView,
  CreateBotVersionBody,
  CreateBotVersionResponse,
  Errors,
  GetBotVersionResponse,
  ListBotVersionsResponse,
  MAX_BOT_VERSIONS,
  newId,
} from '@platform/contracts';
import { WorkspaceAccess } from '../access/access.service';
import { BotsService } from '../bots/bots.service';
import { BotVersionEntity } from './bot-version.entity';
import { BotVersionsRepository } from './bot-versions.repository';

const toView = (v: BotVersionEntity): BotVersionView => ({ id: v.id, name: v.name, ...(v.description !== null ? { description: v.description } : {}) });

/**
 * Named versions of a bot (docs/contracts.md, "Bot JSON and versions"): each keeps the bot JSON of
 * the moment it was made; deploying one publishes that JSON again.
 */
@Injectable()
export class BotVersionsService {
  constructor(
    private readonly versions: BotVersionsRepository,
    private readonly bots: BotsService,
  ) {}

  async create(access: WorkspaceAccess, botId: string, input: CreateBotVersionBody): Promise<CreateBotVersionResponse> {
    const botJson = await this.bots.botJson(access, botId);
    if ((await this.versions.count(botId)) >= MAX_BOT_VERSIONS) throw Errors.invalidPayload(`A bot keeps at most ${MAX_BOT_VERSIONS} versions`);
    const version: BotVersionEntity = {
      id: newId('botver'),
      botId,
      name: input.name,
      description: input.description ?? null,
      botJson: botJson as Record<string, unknown>,
      createdAt: new Date(),
    };
    await this.versions.insert(version);
    return { version: toView(version) };
  }

  async list(access: WorkspaceAccess, botId: string): Promise<ListBotVersionsResponse> {
    await this.bots.get(access, botId);
    return { versions: (await this.versions.list(botId)).map(toView) };
  }

  /** The version's bot JSON as a data URL: the platform has no file store to hand out a link to. */
  async get(access: WorkspaceAccess, botId: string, versionId: string): Promise<GetBotVersionResponse> {
    const version = await this.find(access, botId, versionId);
    return { url: `data:application/json;base64,${Buffer.from(JSON.stringify(version.botJson)).toString('base64')}` };
  }

  async deploy(access: WorkspaceAccess, botId: string, versionId: string): Promise<Record<string, never>> {
    const version = await this.find(access, botId, versionId);
    return this.bots.publish(access, botId, version.botJson, 'deployBotVersion');
  }

  private async find(access: WorkspaceAccess, botId: string, versionId: string): Promise<BotVersionEntity> {
    await this.bots.get(access, botId);
    const version = await this.versions.find(botId, versionId);
    if (!version) throw Errors.notFound('Bot version', versionId);
    return version;
  }
}
