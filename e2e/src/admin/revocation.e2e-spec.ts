import { randomBytes } from 'node:crypto';
import { Client, ForbiddenError, UnauthorizedError } from '@botpress/client';
import { RuntimeOperations } from '@platform/contracts';
import { client, E2eAccount, expectClientError, Mesh, newMember, secondAccount, sleep, until } from '@platform/testing';

/**
 * Runtime replicas cache the admin service's grants for a few seconds; a revocation must still
 * reach every replica within one second. A second runtime replica runs beside the mesh's own,
 * with debug logs, so the test can see that it served requests before and after each revocation.
 */
describe('revocation on every runtime replica within one second', () => {
  const mesh = Mesh.current();
  const replica = `runtime#${randomBytes(2).toString('hex')}`;
  const CALLS = 30;

  const log = (): string => mesh.log(replica);

  /** The listUsers requests the extra replica handled since `offset` in its log (refused ones only, if asked). */
  const handledSince = (offset: number, refusedOnly = false) =>
    log()
      .slice(offset)
      .split('\n')
      .filter((line) => line.includes(`"operation":"${RuntimeOperations.listUsers.subject}"`) && (!refusedOnly || line.includes('"failed":true'))).length;

  beforeAll(async () => {
    mesh.spawn('runtime', replica, { LOG_LEVEL: 'debug' });
    await until(() => log().includes('Serving'), 30000);
  });

  afterAll(async () => {
    await mesh.stop(replica);
  });

  let team: E2eAccount & { workspaceId: string };
  let owner: Client;
  let botId: string;

  beforeEach(async () => {
    team = await secondAccount();
    owner = client({ token: team.token, workspaceId: team.workspaceId });
    botId = (await owner.createBot({ name: 'revocation' })).bot.id;
  });

  /**
   * Uses the credential on the runtime until both replicas have served it (and so hold its
   * grant), then revokes it, and from one second after the revocation expects every call on
   * every replica to be refused.
   */
  async function expectRevokedEverywhere(
    token: string,
    revoke: () => Promise<unknown>,
    refusal: typeof UnauthorizedError | typeof ForbiddenError,
    code: number,
  ) {
    const runtime = client({ token, botId });
    const before = log().length;
    for (let i = 0; i < CALLS; i++) await runtime.listUsers({});
    // Both replicas served the credential: the extra one some calls, the mesh's own the others
    // (its log reaches the file in batches, so wait for its lines).
    await until(() => handledSince(before) > 0, 5000);
    expect(handledSince(before)).toBeLessThan(CALLS);

    await revoke();
    const revokedAt = Date.now();
    await sleep(Math.max(0, revokedAt + 1000 - Date.now()));

    const after = log().length;
    for (let i = 0; i < CALLS; i++) {
      await expectClientError(runtime.listUsers({}), refusal, code, code === 401 ? 'Unauthorized' : 'Forbidden');
    }
    await until(() => handledSince(after, true) > 0, 5000);
    expect(handledSince(after, true)).toBeLessThan(CALLS);
  }

  it('refuses a deleted personal access token', async () => {
    const developer = await newMember(team.workspaceId, 'developer', owner);
    const { pat } = await client({ token: developer.token }).createPersonalAccessToken({ note: 'to revoke' });
    await expectRevokedEverywhere(pat.value, () => client({ token: developer.token }).deletePersonalAccessToken({ id: pat.id }), UnauthorizedError, 401);
    // The account's other token is untouched.
    expect((await client({ token: developer.token, botId }).listUsers({})).users).toEqual(expect.any(Array));
  });

  it('refuses a deleted bot API key', async () => {
    const key = await owner.createBotApiKey({ botId, note: 'to revoke' });
    await expectRevokedEverywhere(key.value, () => owner.deleteBotApiKey({ id: key.id }), UnauthorizedError, 401);
  });

  it('refuses a removed member', async () => {
    const developer = await newMember(team.workspaceId, 'developer', owner);
    await expectRevokedEverywhere(developer.token, () => owner.deleteWorkspaceMember({ id: developer.memberId }), ForbiddenError, 403);
  });

  it('refuses a member whose role no longer allows it', async () => {
    const developer = await newMember(team.workspaceId, 'developer', owner);
    await expectRevokedEverywhere(developer.token, () => owner.updateWorkspaceMember({ id: developer.memberId, role: 'viewer' }), ForbiddenError, 403);
  });

  it('refuses every caller of a deleted workspace', async () => {
    await expectRevokedEverywhere(team.token, () => owner.deleteWorkspace({ id: team.workspaceId }), ForbiddenError, 403);
  });

  it('refuses every caller of a deleted bot', async () => {
    const developer = await newMember(team.workspaceId, 'developer', owner);
    await expectRevokedEverywhere(developer.token, () => owner.deleteBot({ id: botId }), ForbiddenError, 403);
  });
});
