import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuditAction, AuditRecordView, GetAuditRecordsQuery, GetAuditRecordsResponse, newId } from '@platform/contracts';
import { pageMeta } from '@platform/persistence';

import { WorkspaceAccess } from '../access/access.service';
import { AccountEntity } from '../accounts/account.entity';
import { AuditRecordEntity } from './audit-record.entity';
import { AuditRepository } from './audit.repository';

/** A change to record: who made it is given apart, as the account that acted. */
export interface AuditEntry {
  action: AuditAction;
  /** Operation id of the API call that made the change, e.g. `createBotApiKey`. */
  operation: string;
  resourceId?: string | null;
  resourceName?: string | null;
  value?: string | null;
}

function toView(r: AuditRecordEntity): AuditRecordView {
  return {
    id: r.id,
    recordedAt: r.recordedAt.toISOString(),
    userId: r.accountId,
    userEmail: r.accountEmail,
    resourceId: r.resourceId,
    resourceName: r.resourceName,
    value: r.value,
    action: r.action,
  };
}

/** The audit log of each workspace: every change made in it, who made it, when, to what. */
@Injectable()
export class AuditService {
  constructor(private readonly records: AuditRepository) {}

  /** Records one change in each of the workspaces (a personal token concerns all of its owner's). */
  async record(workspaceIds: string | string[], actor: AccountEntity | null, entry: AuditEntry, manager?: EntityManager): Promise<void> {
    const recordedAt = new Date();
    const rows = [workspaceIds].flat().map(
      (workspaceId): AuditRecordEntity => ({
        id: newId('audit'),
        workspaceId,
        recordedAt,
        accountId: actor?.id ?? null,
        accountEmail: actor?.email ?? null,
        action: entry.action,
        operation: entry.operation,
        resourceId: entry.resourceId ?? null,
        resourceName: entry.resourceName ?? null,
        value: entry.value ?? null,
      }),
    );
    await this.records.insert(rows, manager);
  }

  async list(access: WorkspaceAccess, input: GetAuditRecordsQuery & { id: string }): Promise<GetAuditRecordsResponse> {
    // `access` is to the workspace the path names (`fromPath` in the declaration).
    const { workspaceId } = access;
    const page = await this.records.list(workspaceId, input);
    return { records: page.items.map(toView), meta: pageMeta(page) };
  }
}
