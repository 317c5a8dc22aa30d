import { AccountInvitationView, WorkspaceMemberView } from '@platform/contracts';
import { AccountEntity } from '../accounts/account.entity';
import { MemberEntity } from '../workspaces/member.entity';
import { WorkspaceEntity } from '../workspaces/workspace.entity';

/** A membership as the workspace sees it: an invitation shows its email and no account. */
export function toMemberView(m: MemberEntity, account: AccountEntity | undefined): WorkspaceMemberView {
  if (!m.accountId) return { id: m.id, email: m.invitedEmail ?? '', createdAt: m.createdAt.toISOString(), role: m.role };
  return {
    id: m.id,
    userId: m.accountId,
    email: account?.email ?? '',
    createdAt: m.createdAt.toISOString(),
    role: m.role,
    ...(account?.profilePicture != null ? { profilePicture: account.profilePicture } : {}),
    ...(account?.displayName != null ? { displayName: account.displayName } : {}),
  };
}

export function toInvitationView(m: MemberEntity, workspace: WorkspaceEntity | undefined): AccountInvitationView {
  return { id: m.id, workspaceId: m.workspaceId, workspaceName: workspace?.name ?? '', role: m.role, createdAt: m.createdAt.toISOString() };
}
