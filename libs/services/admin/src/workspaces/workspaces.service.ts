import { Injectable } from '@nestjs/common';
import { CreateWorkspaceBody, Errors, ListWorkspacesQuery, ListWorkspacesResponse, newId, UpdateWorkspaceBody, WorkspaceView } from '@platform/contracts';
import { AccountEntity } from '../accounts/account.entity';
import { AccessNotices } from '../access/access-notices';
import { WorkspaceAccess } from '../access/access.service';
import { AuditService } from '../audit/audit.service';
import { BotRemoval } from '../bots/bot-removal.service';
import { toWorkspaceView } from './workspace-view';
import { WorkspaceEntity } from './workspace.entity';
import { WorkspacesRepository } from './workspaces.repository';
import { isUniqueViolation, pageMeta } from '@platform/persistence';

/** Settings kept as given; `spendingLimit` has an audit action of its own. */
const SETTINGS = ['name', 'about', 'profilePicture', 'contactEmail', 'website', 'socialAccounts', 'isPublic', 'handle'] as const;

@Injectable()
export class WorkspacesService {
  constructor(
    private readonly workspaces: WorkspacesRepository,
    private readonly audit: AuditService,
    private readonly notices: AccessNotices,
    private readonly botRemoval: BotRemoval,
  ) {}

  async list(account: AccountEntity, query: ListWorkspacesQuery): Promise<ListWorkspacesResponse> {
    const page = await this.workspaces.listForAccount(account.id, query);
    const counts = await this.workspaces.botCounts(page.items.map((w) => w.id));
    return {
      workspaces: page.items.map((w) => toWorkspaceView(w, counts.get(w.id) ?? 0)),
      meta: pageMeta(page),
    };
  }

  /** Any account may create a workspace; it becomes its owner. */
  async create(account: AccountEntity, input: CreateWorkspaceBody): Promise<WorkspaceView> {
    const now = new Date();
    const workspace: WorkspaceEntity = {
      id: newId('wkspace'),
      name: input.name,
      ownerId: account.id,
      handle: null,
      spendingLimit: 0,
      createdAt: now,
      updatedAt: now,
    };
    await this.workspaces.insertWithOwner(workspace);
    await this.audit.record(workspace.id, account, {
      action: 'CREATE_WORKSPACE',
      operation: 'createWorkspace',
      resourceId: workspace.id,
      resourceName: workspace.name,
    });
    return toWorkspaceView(workspace, 0);
  }

  /** `access` is to the workspace the path names (`fromPath` in the declaration). */
  async get(access: WorkspaceAccess): Promise<WorkspaceView> {
    return this.view(access.workspaceId);
  }

  /** Workspace settings are the administrators' (and the owner's). */
  async update(access: WorkspaceAccess, input: UpdateWorkspaceBody & { id: string }): Promise<WorkspaceView> {
    const { account, workspaceId } = access;
    const current = (await this.workspaces.findById(workspaceId))!;
    const changed = SETTINGS.filter((key) => input[key] !== undefined && JSON.stringify(input[key]) !== JSON.stringify(current[key]));
    const limitChanged = input.spendingLimit !== undefined && input.spendingLimit !== current.spendingLimit;
    if (changed.length === 0 && !limitChanged) return this.view(workspaceId);

    const next: WorkspaceEntity = { ...current, updatedAt: new Date() };
    for (const key of changed) Object.assign(next, { [key]: input[key] });
    if (limitChanged) next.spendingLimit = input.spendingLimit;
    try {
      await this.workspaces.save(next);
    } catch (error) {
      if (isUniqueViolation(error)) throw Errors.alreadyExists('Workspace handle', input.handle ?? '');
      throw error;
    }
    const resource = { resourceId: workspaceId, resourceName: next.name };
    if (changed.length > 0) {
      const value = JSON.stringify(Object.fromEntries(changed.map((key) => [key, input[key]])));
      await this.audit.record(workspaceId, account, { action: 'UPDATE_WORKSPACE', operation: 'updateWorkspace', ...resource, value });
    }
    if (limitChanged) {
      await this.audit.record(workspaceId, account, {
        action: 'SET_SPENDING_LIMIT',
        operation: 'updateWorkspace',
        ...resource,
        value: String(next.spendingLimit),
      });
    }
    return this.view(workspaceId);
  }

  /**
   * Only the owner closes a workspace. Its bots go first, with their data in every service; then
   * the workspace, its members and everything cached about them on any replica.
   */
  async delete(access: WorkspaceAccess): Promise<Record<string, never>> {
    const { account, workspaceId } = access;
    const workspace = (await this.workspaces.findById(workspaceId))!;
    const botIds = await this.workspaces.botIdsOf(workspaceId);
    await this.botRemoval.remove(botIds, () => this.workspaces.delete(workspaceId));
    await this.notices.workspaceChanged(workspaceId);
    await this.audit.record(workspaceId, account, {
      action: 'CLOSE_WORKSPACE',
      operation: 'deleteWorkspace',
      resourceId: workspaceId,
      resourceName: workspace.name,
    });
    return {};
  }

  private async view(workspaceId: string): Promise<WorkspaceView> {
    const workspace = await this.workspaces.findById(workspaceId);
    if (!workspace) throw Errors.notFound('Workspace', workspaceId);
    const counts = await this.workspaces.botCounts([workspaceId]);
    return toWorkspaceView(workspace, counts.get(workspaceId) ?? 0);
  }
}
