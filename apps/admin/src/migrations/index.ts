import { Initial1732200000000 } from './1732200000000-initial';
import { BotApiKeys1732610000000 } from './1732610000000-bot-api-keys';
import { PlatformSecrets1732700000000 } from './1732700000000-platform-secrets';
import { Tenancy1732710000000 } from './1732710000000-tenancy';

/** The admin schema's migrations, oldest first. */
export const ADMIN_MIGRATIONS = [Initial1732200000000, BotApiKeys1732610000000, PlatformSecrets1732700000000, Tenancy1732710000000];
