import { AccountView, PersonalAccessTokenView } from '@platform/contracts';
import { AccessTokenEntity } from './access-token.entity';
import { AccountEntity } from './account.entity';

export function toAccountView(a: AccountEntity): AccountView {
  return {
    id: a.id,
    email: a.email,
    ...(a.displayName != null ? { displayName: a.displayName } : {}),
    emailVerified: false,
    ...(a.profilePicture != null ? { profilePicture: a.profilePicture } : {}),
    createdAt: a.createdAt.toISOString(),
  };
}

/** A token as listed: never its value, which is not kept. */
export function toTokenView(t: AccessTokenEntity): PersonalAccessTokenView {
  return { id: t.id, createdAt: t.createdAt.toISOString(), note: t.note };
}
