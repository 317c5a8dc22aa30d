import { WorkspaceView } from '@platform/contracts';
import { WorkspaceEntity } from './workspace.entity';

export function toWorkspaceView(w: WorkspaceEntity, botCount: number): WorkspaceView {
  return {
    id: w.id,
    name: w.name,
    ownerId: w.ownerId,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    botCount,
    billingVersion: 'v4',
    plan: 'community',
    blocked: false,
    spendingLimit: 0,
    ...(w.handle ? { handle: w.handle } : {}),
    activeTrialId: null,
  };
}
