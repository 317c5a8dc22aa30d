import { ApiError, Role } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { AccessGrants } from '../access/access-grants';
import { AccessService } from '../access/access.service';
import { AccountEntity } from '../accounts/account.entity';
import { AccessRepository } from '../access/access.repository';
import { BotEntity } from '../bots/bot.entity';
import { BotsRepository } from '../bots/bots.repository';
import { SigningSecrets } from '../bots/signing-secrets';
import { BotAccessService } from './bot-access.service';
import { BotApiKeyEntity } from './bot-api-key.entity';
import { BotApiKeysRepository } from './bot-api-keys.repository';

const now = new Date('2026-01-01T00:00:00.000Z');
const account: AccountEntity = {
  id: 'acc_1',
  email: 'a@localhost',
  displayName: null,
  profilePicture: null,
  platformOwner: false,
  createdAt: now,
  updatedAt: now,
};
const bots = ['bot-a', 'bot-b'].map((id) => ({ id, workspaceId: 'wkspace_1' }) as BotEntity);
const bak: BotApiKeyEntity = { id: 'bak_1', botId: 'bot-a', tokenHash: 'bak-hash', note: '', createdAt: now };

/**
 * A BotAccessService over in-memory repositories: the token `pat-hash` of an account with the
 * given role (if any) in the workspace of both bots, and the key `bak-hash` of bot-a.
 */
function service(role?: Role) {
  const access = {
    find: async (hash: string, workspaceId?: string) => {
      if (hash !== 'pat-hash') return null;
      const member = role && workspaceId ? { id: 'member_1', workspaceId, accountId: account.id, invitedEmail: null, role, createdAt: now } : null;
      return { account, workspaceExists: workspaceId !== undefined, member };
    },
  } as unknown as AccessRepository;
  const botsRepository = {
    findById: async (id: string) => bots.find((b) => b.id === id) ?? null,
    integrationsOf: async () => [],
  } as unknown as BotsRepository;
  const keys = { findByTokenHash: async (hash: string) => (hash === bak.tokenHash ? bak : null) } as unknown as BotApiKeysRepository;
  return new BotAccessService(new AccessService(access, new AccessGrants({} as BusClient)), botsRepository, keys, {} as SigningSecrets);
}

async function refusal(run: Promise<unknown>): Promise<ApiError> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('BotAccessService.authorizeRuntime', () => {
  it('lets a bot API key act for its own bot', async () => {
    await expect(service().authorizeRuntime('bak-hash', 'bot-a')).resolves.toEqual({ botId: 'bot-a', workspaceId: 'wkspace_1', integrations: [] });
  });

  it('refuses a bot API key on another bot, known or not, with 403', async () => {
    expect(await refusal(service('owner').authorizeRuntime('bak-hash', 'bot-b'))).toMatchObject({ code: 403, type: 'Forbidden' });
    expect(await refusal(service('owner').authorizeRuntime('bak-hash', 'bot-unknown'))).toMatchObject({ code: 403, type: 'Forbidden' });
  });

  it('refuses a token that is neither a key nor an account token with 401', async () => {
    expect(await refusal(service('owner').authorizeRuntime('deleted-hash', 'bot-a'))).toMatchObject({ code: 401, type: 'Unauthorized' });
  });

  it.each(['developer', 'manager', 'administrator', 'owner'] as Role[])('lets a %s of the workspace act on its bots', async (role) => {
    await expect(service(role).authorizeRuntime('pat-hash', 'bot-b')).resolves.toMatchObject({ botId: 'bot-b' });
  });

  it.each(['viewer', 'billing', undefined] as Array<Role | undefined>)('refuses an account that is %s with 403', async (role) => {
    expect(await refusal(service(role).authorizeRuntime('pat-hash', 'bot-a'))).toMatchObject({ code: 403, type: 'Forbidden' });
  });
});
