import { AdminCaller, ApiError, Role } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { AccountEntity } from '../accounts/account.entity';
import { ActiveMember } from '../workspaces/member.entity';
import { AccessGrants } from './access-grants';
import { AccessRepository, TokenAccess } from './access.repository';
import { AccessService } from './access.service';

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
const workspace = { id: 'wkspace_1' };

/**
 * An AccessService over an in-memory repository: one token, one workspace, at most one
 * membership (`state.role`, changeable); `reads` counts the repository's reads.
 */
function service(role?: Role, holder: AccountEntity = account, grants = new AccessGrants({} as BusClient)) {
  const state = { role, reads: 0 };
  const access = {
    find: async (hash: string, workspaceId?: string): Promise<TokenAccess | null> => {
      state.reads++;
      if (hash !== 'known') return null;
      const member: ActiveMember | null =
        state.role && workspaceId === workspace.id
          ? { id: 'member_1', workspaceId, accountId: holder.id, invitedEmail: null, role: state.role, createdAt: now }
          : null;
      return { account: holder, workspaceExists: workspaceId === workspace.id, member };
    },
  } as unknown as AccessRepository;
  return Object.assign(new AccessService(access, grants), { state, cache: grants });
}

async function refusal(run: Promise<unknown>): Promise<ApiError> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

const caller = (props: Partial<AdminCaller> = {}): AdminCaller => ({ tokenHash: 'known', workspaceId: workspace.id, ...props });

describe('AccessService', () => {
  it('authenticates a known token and refuses an unknown one with 401', async () => {
    await expect(service().authenticate('known')).resolves.toBe(account);
    expect(await refusal(service().authenticate('unknown'))).toMatchObject({ code: 401, type: 'Unauthorized' });
  });

  it('lets only the platform owner act on the platform as a whole: 403 for others, 401 for unknown tokens', async () => {
    const owner = { ...account, platformOwner: true };
    await expect(service(undefined, owner).requirePlatformOwner('known')).resolves.toBe(owner);
    expect(await refusal(service('owner').requirePlatformOwner('known'))).toMatchObject({ code: 403, type: 'Forbidden' });
    expect(await refusal(service(undefined, owner).requirePlatformOwner('unknown'))).toMatchObject({ code: 401, type: 'Unauthorized' });
  });

  it('is 401 for an unknown token even on a workspace the account belongs to', async () => {
    expect(await refusal(service('owner').requireRole(caller({ tokenHash: 'unknown' }), 'viewer'))).toMatchObject({ code: 401 });
  });

  it('is 401 without a workspace id and with an unknown one', async () => {
    expect(await refusal(service('owner').requireRole(caller({ workspaceId: undefined }), 'viewer'))).toMatchObject({ code: 401, type: 'Unauthorized' });
    expect(await refusal(service('owner').requireRole(caller({ workspaceId: 'wkspace_nope' }), 'viewer'))).toMatchObject({ code: 401, type: 'Unauthorized' });
  });

  it('is 403 for a valid token on a workspace it is not a member of', async () => {
    expect(await refusal(service(undefined).requireRole(caller(), 'viewer'))).toMatchObject({ code: 403, type: 'Forbidden' });
  });

  it.each([
    ['viewer', 'developer'],
    ['billing', 'developer'],
    ['developer', 'manager'],
    ['administrator', 'owner'],
  ] as Array<[Role, Role]>)('is 403 for a %s where %s is needed', async (role, minimum) => {
    const err = await refusal(service(role).requireRole(caller(), minimum));
    expect(err).toMatchObject({ code: 403, type: 'Forbidden' });
    expect(err.message).toContain(minimum);
  });

  it.each([
    ['viewer', 'viewer'],
    ['developer', 'developer'],
    ['manager', 'developer'],
    ['administrator', 'developer'],
    ['owner', 'developer'],
    ['owner', 'owner'],
  ] as Array<[Role, Role]>)('lets a %s do what needs %s', async (role, minimum) => {
    const access = await service(role).requireRole(caller(), minimum);
    expect(access).toEqual({ account, member: expect.objectContaining({ role }), workspaceId: workspace.id });
  });

  it('reuses a grant until a notice names its token, its workspace or its account', async () => {
    const s = service('developer');
    const notices = [{ tokenHashes: ['known'] }, { workspaceIds: [workspace.id] }, { accountIds: [account.id] }];
    for (const notice of notices) {
      const reads = s.state.reads;
      await s.requireRole(caller(), 'developer');
      await s.requireRole(caller(), 'developer');
      expect(s.state.reads).toBe(reads + 1);
      s.state.role = 'viewer';
      s.cache.forget({ tokenHashes: ['other'], workspaceIds: ['wkspace_other'], accountIds: ['acc_other'] });
      await expect(s.requireRole(caller(), 'developer')).resolves.toBeDefined();
      s.cache.forget(notice);
      expect(await refusal(s.requireRole(caller(), 'developer'))).toMatchObject({ code: 403 });
      s.state.role = 'developer';
      s.cache.forget(notice);
    }
  });

  it('keeps no refusal: a token, a workspace or a membership that appears works at once', async () => {
    const s = service(undefined);
    expect(await refusal(s.requireRole(caller(), 'viewer'))).toMatchObject({ code: 403 });
    s.state.role = 'viewer';
    await expect(s.requireRole(caller(), 'viewer')).resolves.toBeDefined();
    expect(await refusal(s.requireRole(caller({ workspaceId: 'wkspace_nope' }), 'viewer'))).toMatchObject({ code: 401 });
    expect(await refusal(s.authenticate('unknown'))).toMatchObject({ code: 401 });
    const reads = s.state.reads;
    await refusal(s.authenticate('unknown'));
    await refusal(s.requireRole(caller({ workspaceId: 'wkspace_nope' }), 'viewer'));
    expect(s.state.reads).toBe(reads + 2);
  });

  it('reads afresh the grants other services ask for (they cache them themselves)', async () => {
    const s = service('developer');
    await s.requireRole(caller(), 'developer');
    const reads = s.state.reads;
    await expect(s.hasRole('known', workspace.id, 'developer')).resolves.toBe(true);
    s.state.role = 'viewer';
    await expect(s.hasRole('known', workspace.id, 'developer')).resolves.toBe(false);
    expect(s.state.reads).toBe(reads + 2);
  });
});
