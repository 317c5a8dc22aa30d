import { WorkspaceMemberView } from '@platform/contracts';
import { AccountEntity } from '../accounts/account.entity';
import { MemberEntity } from '../workspaces/member.entity';

export function toMemberView(m: MemberEntity, account: AccountEntity | undefined): WorkspaceMemberView {
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
