import { randomBytes } from 'node:crypto';
import { Client, ForbiddenError, UnauthorizedError } from '@botpress/client';
import { AdminOperations, RuntimeOperations } from '@platform/contracts';
import { client, E2eAccount, expectClientError, Mesh, newMember, secondAccount, sleep, until } from '@platform/testing';

type Refusal = { error: typeof UnauthorizedError | typeof ForbiddenError; code: 401 | 403 };
const UNAUTHORIZED: Refusal = { error: UnauthorizedError, code: 401 };
const FORBIDDEN: Refusal = { error: ForbiddenError, code: 403 };

/**
 * A second replica of `service` beside the mesh's own, with debug logs, while the describe block
 * that calls this runs, so a test can see that it served requests. `mark` is where its log ends
 * now; `handledSince` counts the requests for `operation` under the request id `requestId` it
 * served since a mark (`Mesh.handled`; the refused ones only, if asked).
 */
function extraReplica(service: string) {
  const mesh = Mesh.current();
  const name = `${service}#${randomBytes(2).toString('hex')}`;
  const log = (): string => mesh.log(name);

  beforeAll(async () => {
    mesh.spawn(service, name, { LOG_LEVEL: 'debug' });
    await until(() => log().includes('Serving'), 30000);
  });

  afterAll(async () => {
    await mesh.stop(name);
  });

  return {
    mark: () => log().length,
    handledSince: (operation: string, requestId: string, mark: number, refusedOnly = false) =>
      mesh.handled(name, operation, requestId, mark).filter((line) => !refusedOnly || line.includes('"failed":true')).length,
  };
}

/**
 * Replicas of the runtime cache the admin service's grants for a few seconds, and replicas of the
 * admin service cache their own; a revocation must still reach every replica within one second.
 * A second replica of the service under test runs beside the mesh's own, with debug logs, so the
 * test can see that it served requests before and after each revocation.
 */
describe.each([
  {
    service: 'runtime',
    operation: RuntimeOperations.listUsers.subject,
    call: (token: string, workspaceId: string, botId: string, requestId: string) =>
      client({ token, botId, headers: { 'x-request-id': requestId } }).listUsers({}),
    workspaceDeleted: FORBIDDEN,
  },
  {
    service: 'admin',
    operation: AdminOperations.listBotApiKeys.subject,
    call: (token: string, workspaceId: string, botId: string, requestId: string) =>
      client({ token, workspaceId, headers: { 'x-request-id': requestId } }).listBotApiKeys({ botId }),
    // The workspace is gone, not merely closed to the caller (docs/contracts.md, "Authentication").
    workspaceDeleted: UNAUTHORIZED,
  },
])('revocation on every $service replica within one second', ({ service, operation, call, workspaceDeleted }) => {
  const replica = extraReplica(service);
  const CALLS = 30;
  // Each test's calls carry an id of their own.
  let requestId: string;
  const handledSince = (mark: number, refusedOnly = false) => replica.handledSince(operation, requestId, mark, refusedOnly);

  let team: E2eAccount & { workspaceId: string };
  let owner: Client;
  let botId: string;

  beforeEach(async () => {
    requestId = `revocation-${randomBytes(6).toString('hex')}`;
    team = await secondAccount();
    owner = client({ token: team.token, workspaceId: team.workspaceId });
    botId = (await owner.createBot({ name: 'revocation' })).bot.id;
  });

  /**
   * Uses the credential until both replicas have served it (and so hold its grant), then revokes
   * it, and from one second after the revocation expects every call on every replica to be refused.
   */
  async function expectRevokedEverywhere(token: string, revoke: () => Promise<unknown>, refusal: Refusal) {
    const before = replica.mark();
    for (let i = 0; i < CALLS; i++) await call(token, team.workspaceId, botId, requestId);
    // Both replicas served the credential: the extra one some calls, the mesh's own the others
    // (its log reaches the file in batches, so wait for its lines).
    await until(() => handledSince(before) > 0, 5000);
    expect(handledSince(before)).toBeLessThan(CALLS);

    await revoke();
    const revokedAt = Date.now();
    await sleep(Math.max(0, revokedAt + 1000 - Date.now()));

    const after = replica.mark();
    for (let i = 0; i < CALLS; i++) {
      await expectClientError(
        call(token, team.workspaceId, botId, requestId),
        refusal.error,
        refusal.code,
        refusal.code === 401 ? 'Unauthorized' : 'Forbidden',
      );
    }
    await until(() => handledSince(after, true) > 0, 5000);
    expect(handledSince(after, true)).toBeLessThan(CALLS);
  }

  it('refuses a deleted personal access token', async () => {
    const developer = await newMember(team.workspaceId, 'developer', owner);
    const { pat } = await client({ token: developer.token }).createPersonalAccessToken({ note: 'to revoke' });
    await expectRevokedEverywhere(pat.value, () => client({ token: developer.token }).deletePersonalAccessToken({ id: pat.id }), UNAUTHORIZED);
    // The account's other token is untouched.
    await expect(call(developer.token, team.workspaceId, botId, requestId)).resolves.toBeDefined();
  });

  it('refuses a removed member', async () => {
    const developer = await newMember(team.workspaceId, 'developer', owner);
    await expectRevokedEverywhere(developer.token, () => owner.deleteWorkspaceMember({ id: developer.memberId }), FORBIDDEN);
  });

  it('refuses a member whose role no longer allows it', async () => {
    const developer = await newMember(team.workspaceId, 'developer', owner);
    await expectRevokedEverywhere(developer.token, () => owner.updateWorkspaceMember({ id: developer.memberId, role: 'viewer' }), FORBIDDEN);
  });

  it('refuses every caller of a deleted workspace', async () => {
    await expectRevokedEverywhere(team.token, () => owner.deleteWorkspace({ id: team.workspaceId }), workspaceDeleted);
  });

  // A bot API key is a credential of the runtime API only, and deleting a bot takes no one's access to the admin API away.
  if (service !== 'runtime') return;

  it('refuses a deleted bot API key', async () => {
    const key = await owner.createBotApiKey({ botId, note: 'to revoke' });
    await expectRevokedEverywhere(key.value, () => owner.deleteBotApiKey({ id: key.id }), UNAUTHORIZED);
  });

  it('refuses every caller of a deleted bot', async () => {
    const developer = await newMember(team.workspaceId, 'developer', owner);
    await expectRevokedEverywhere(developer.token, () => owner.deleteBot({ id: botId }), FORBIDDEN);
  });
});

/** The admin service keeps the caller's account with its grant: a change of it shows on every replica within one second. */
describe('an account changed, on every admin replica', () => {
  const replica = extraReplica('admin');
  const requestId = `account-change-${randomBytes(6).toString('hex')}`;
  const served = (mark: number) => replica.handledSince(AdminOperations.getAccount.subject, requestId, mark);

  it('answers getAccount with the new display name on every replica from one second after updateAccount', async () => {
    const { token } = await secondAccount();
    const account = client({ token, headers: { 'x-request-id': requestId } });
    const before = replica.mark();
    for (let i = 0; i < 30; i++) await account.getAccount({});
    await until(() => served(before) > 0, 5000);
    expect(served(before)).toBeLessThan(30);

    const displayName = `renamed ${randomBytes(3).toString('hex')}`;
    await account.updateAccount({ displayName });
    await sleep(1000);
    const after = replica.mark();
    for (let i = 0; i < 30; i++) expect((await account.getAccount({})).account.displayName).toBe(displayName);
    await until(() => served(after) > 0, 5000);
    expect(served(after)).toBeLessThan(30);
  });
});
