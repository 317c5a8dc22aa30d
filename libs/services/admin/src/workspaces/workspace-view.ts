import { WorkspaceView } from '@platform/contracts';
import { WorkspaceEntity } from './workspace.entity';

/** Optional settings appear only once set, as in the Botpress API. */
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
    spendingLimit: w.spendingLimit ?? 0,
    ...(w.about != null ? { about: w.about } : {}),
    ...(w.profilePicture != null ? { profilePicture: w.profilePicture } : {}),
    ...(w.contactEmail != null ? { contactEmail: w.contactEmail } : {}),
    ...(w.website != null ? { website: w.website } : {}),
    ...(w.socialAccounts != null ? { socialAccounts: w.socialAccounts } : {}),
    ...(w.isPublic != null ? { isPublic: w.isPublic } : {}),
    ...(w.handle ? { handle: w.handle } : {}),
    activeTrialId: null,
  };
}
