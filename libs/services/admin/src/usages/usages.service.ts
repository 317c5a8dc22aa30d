import { Injectable } from '@nestjs/common';
import { PlatformConfig } from '@platform/config';
import {
  Errors,
  GetWorkspaceQuotaResponse,
  ListWorkspaceQuotasResponse,
  ListWorkspaceUsagesResponse,
  MEASURED_USAGES,
  QuotaCompletion,
  QuotaView,
  UsageType,
} from '@platform/contracts';
import { WorkspaceAccess } from '../access/access.service';
import { AccountEntity } from '../accounts/account.entity';
import { WorkspacesRepository } from '../workspaces/workspaces.repository';

type Measured = (typeof MEASURED_USAGES)[number];

const isMeasured = (type: UsageType): type is Measured => (MEASURED_USAGES as readonly string[]).includes(type);

/** The month a period names, the current one by default (`YYYY-MM`). */
const periodOf = (period?: string) => period ?? new Date().toISOString().slice(0, 7);

/**
 * A workspace's usages and quotas (docs/contracts.md, "Usages and quotas"): counted from the data
 * as it is now, for the types the platform measures; quotas are settings.
 */
@Injectable()
export class UsagesService {
  constructor(
    private readonly workspaces: WorkspacesRepository,
    private readonly config: PlatformConfig,
  ) {}

  async usages(access: WorkspaceAccess, type: UsageType, period?: string): Promise<ListWorkspaceUsagesResponse> {
    if (!isMeasured(type)) return { usages: [] };
    const value = await this.count(access.workspaceId, type);
    return { usages: [{ id: access.workspaceId, period: periodOf(period), value, quota: this.quotaOf(type), type }] };
  }

  async quota(_access: WorkspaceAccess, type: UsageType, period?: string): Promise<GetWorkspaceQuotaResponse> {
    if (!isMeasured(type)) throw Errors.notFound('Quota', type);
    return { quota: this.quotaView(type, period) };
  }

  async quotas(_access: WorkspaceAccess, period?: string): Promise<ListWorkspaceQuotasResponse> {
    return { quotas: MEASURED_USAGES.map((type) => this.quotaView(type, period)) };
  }

  /** Each of the account's workspaces with its most used quota (the first measured type on a tie). */
  async completion(account: AccountEntity): Promise<Record<string, QuotaCompletion>> {
    const ids = await this.workspaces.workspaceIdsOf(account.id);
    const bots = await this.workspaces.botCounts(ids);
    const members = await this.workspaces.memberCounts(ids);
    const result: Record<string, QuotaCompletion> = {};
    for (const id of ids) {
      const used: QuotaCompletion[] = [
        { type: 'bot_count', completion: (bots.get(id) ?? 0) / this.quotaOf('bot_count') },
        { type: 'workspace_member_count', completion: (members.get(id) ?? 0) / this.quotaOf('workspace_member_count') },
      ];
      result[id] = used.reduce((most, next) => (next.completion > most.completion ? next : most));
    }
    return result;
  }

  private quotaView(type: Measured, period?: string): QuotaView {
    return { period: periodOf(period), value: this.quotaOf(type), type };
  }

  private quotaOf(type: Measured): number {
    return type === 'bot_count' ? this.config.workspaceBotQuota : this.config.workspaceMemberQuota;
  }

  private async count(workspaceId: string, type: Measured): Promise<number> {
    const counts = type === 'bot_count' ? await this.workspaces.botCounts([workspaceId]) : await this.workspaces.memberCounts([workspaceId]);
    return counts.get(workspaceId) ?? 0;
  }
}
