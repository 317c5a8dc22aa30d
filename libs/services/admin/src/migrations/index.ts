import { Initial1732200000000 } from './1732200000000-initial';
import { BotApiKeys1732610000000 } from './1732610000000-bot-api-keys';
import { PlatformSecrets1732700000000 } from './1732700000000-platform-secrets';
import { Tenancy1732710000000 } from './1732710000000-tenancy';
import { BotSigningSecrets1733100000000 } from './1733100000000-bot-signing-secrets';
import { MemberInvitations1733200000000 } from './1733200000000-member-invitations';
import { BotDeployments1733300000000 } from './1733300000000-bot-deployments';
import { AccountUuids1733400000000 } from './1733400000000-account-uuids';
import { AccountPreferences1733410000000 } from './1733410000000-account-preferences';
import { BotVersions1733420000000 } from './1733420000000-bot-versions';
import { BotIssueDismissals1733430000000 } from './1733430000000-bot-issue-dismissals';

/** The admin schema's migrations, oldest first. */
export const ADMIN_MIGRATIONS = [
  Initial1732200000000,
  BotApiKeys1732610000000,
  PlatformSecrets1732700000000,
  Tenancy1732710000000,
  BotSigningSecrets1733100000000,
  MemberInvitations1733200000000,
  BotDeployments1733300000000,
  AccountUuids1733400000000,
  AccountPreferences1733410000000,
  BotVersions1733420000000,
  BotIssueDismissals1733430000000,
];
