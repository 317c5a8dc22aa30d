import { Injectable } from '@nestjs/common';
import { AdminCaller, ListWorkspacesQuery, ListWorkspacesResponse } from '@platform/contracts';
import { AccessService } from '../access/access.service';
import { toWorkspaceView } from './workspace-view';
import { WorkspacesRepository } from './workspaces.repository';

@Injectable()
export class WorkspacesService {
  constructor(
    private readonly access: AccessService,
    private readonly workspaces: WorkspacesRepository,
  ) {}

  async list(caller: AdminCaller, query: ListWorkspacesQuery): Promise<ListWorkspacesResponse> {
    const account = await this.access.authenticate(caller.tokenHash);
    const page = await this.workspaces.listForAccount(account.id, query);
    const counts = await this.workspaces.botCounts(page.items.map((w) => w.id));
    return {
      workspaces: page.items.map((w) => toWorkspaceView(w, counts.get(w.id) ?? 0)),
      meta: page.nextToken ? { nextToken: page.nextToken } : {},
    };
  }
}
