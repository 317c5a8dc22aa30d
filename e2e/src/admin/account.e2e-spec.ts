import { createHash, randomBytes } from 'node:crypto';
import { InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import {
  anonymousClient,
  badBodies,
  client,
  defaultWorkspaceId,
  describeOnMesh,
  e2e,
  expectBodiesRefused,
  expectClientError,
  expectErrorBody,
  ISO_MS,
  Mesh,
  newAccount,
  raw,
  sql,
  until,
  UUID,
} from '@platform/testing';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const create = (token: string, body: unknown) =>
  raw('POST', '/v1/admin/accounts', { headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('account (/v1/admin/account)', () => {
  describe('getAccount', () => {
    it("returns the caller's account with every field, without any x-workspace-id", async () => {
      const { account } = await client().getAccount({});
      expect(account).toEqual({
        id: expect.stringMatching(UUID),
        email: expect.stringMatching(/^owner(-\d+)?@localhost$/),
        displayName: 'Owner',
        emailVerified: false,
        createdAt: expect.stringMatching(ISO_MS),
      });
      const [workspace] = (await client().listWorkspaces({})).workspaces;
      expect(workspace.ownerId).toBe(account.id);
    });

    it('answers each token with its own account', async () => {
      const created = await newAccount();
      const { account } = await client({ token: created.token }).getAccount({});
      expect(account).toEqual({ id: created.accountId, email: created.email, emailVerified: false, createdAt: expect.stringMatching(ISO_MS) });
    });

    it('is 401 without a token or with an unknown one', async () => {
      await expectClientError(anonymousClient().getAccount({}), UnauthorizedError, 401, 'Unauthorized');
      await expectClientError(client({ token: `bp_pat_${randomBytes(16).toString('hex')}` }).getAccount({}), UnauthorizedError, 401, 'Unauthorized');
    });
  });

  describe('updateAccount', () => {
    it('stores the display name and picture, and keeps what is not given', async () => {
      const { token } = await newAccount();
      const me = client({ token });
      const { account } = await me.updateAccount({ displayName: 'Ada', profilePicture: 'https://cdn.example.test/ada.png' });
      expect(account).toEqual(expect.objectContaining({ displayName: 'Ada', profilePicture: 'https://cdn.example.test/ada.png' }));
      expect((await me.getAccount({})).account).toEqual(account);

      const renamed = (await me.updateAccount({ displayName: 'Ada L.', refresh: true })).account;
      expect(renamed).toEqual({ ...account, displayName: 'Ada L.' });
      expect((await me.getAccount({})).account).toEqual(renamed);
    });

    it("changes only the caller's account", async () => {
      const [first, second] = await Promise.all([newAccount(), newAccount()]);
      await client({ token: first.token }).updateAccount({ displayName: 'First' });
      expect((await client({ token: second.token }).getAccount({})).account.displayName).toBeUndefined();
    });

    it('refuses bad input with 4xx and the standard body, and the account stays as it was', async () => {
      const { token } = await newAccount();
      await client({ token }).updateAccount({ displayName: 'Before' });
      const before = (await client({ token }).getAccount({})).account;
      await expectBodiesRefused(
        'PUT',
        '/v1/admin/account/me',
        bearer(token),
        badBodies({ displayName: 'After' }, [
          ['displayName as a number', { displayName: 42 }],
          ['displayName as null', { displayName: null }],
          ['displayName over 200 characters', { displayName: 'd'.repeat(201) }],
          ['profilePicture as an object', { profilePicture: { url: 'x' } }],
          ['profilePicture over 2000 characters', { profilePicture: 'p'.repeat(2001) }],
          ['refresh as a string', { refresh: 'yes' }],
        ]),
      );
      expect((await client({ token }).getAccount({})).account).toEqual(before);
    });
  });

  describe('personal access tokens', () => {
    it("shows a new token's value once, lists it without the value, and accepts it as a credential", async () => {
      const owner = await newAccount();
      const me = client({ token: owner.token });
      const { pat } = await me.createPersonalAccessToken({ note: 'laptop' });
      expect(pat).toEqual({
        id: expect.stringMatching(/^pat_/),
        createdAt: expect.stringMatching(ISO_MS),
        note: 'laptop',
        value: expect.stringMatching(/^bp_pat_[A-Za-z0-9_-]{43}$/),
      });

      const { pats } = await me.listPersonalAccessTokens({});
      expect(pats.map((p) => p.note)).toEqual(['first token', 'laptop']);
      expect(pats[1]).toEqual({ id: pat.id, createdAt: pat.createdAt, note: 'laptop' });
      expect(JSON.stringify(pats)).not.toContain(pat.value);

      expect((await client({ token: pat.value }).getAccount({})).account.id).toBe(owner.accountId);
    });

    it("stores only the token's SHA-256, never its value", async () => {
      const { token } = await newAccount();
      const { pat } = await client({ token }).createPersonalAccessToken({ note: 'hashed' });
      const [row] = await sql<Record<string, unknown>>('SELECT * FROM admin.access_tokens WHERE id = $1', [pat.id]);
      expect(row.token_hash).toBe(sha256(pat.value));
      expect(JSON.stringify(row)).not.toContain(pat.value);
      expect(JSON.stringify(row)).not.toContain(pat.value.slice(7));
    });

    it('refuses a deleted token at once, and forgets it in the list', async () => {
      const owner = await newAccount();
      const me = client({ token: owner.token });
      const { pat } = await me.createPersonalAccessToken({ note: 'to revoke' });
      const revoked = client({ token: pat.value });
      expect((await revoked.getAccount({})).account.id).toBe(owner.accountId);

      await expect(me.deletePersonalAccessToken({ id: pat.id })).resolves.toEqual({});
      await expectClientError(revoked.getAccount({}), UnauthorizedError, 401, 'Unauthorized');
      await expectClientError(revoked.listWorkspaces({}), UnauthorizedError, 401, 'Unauthorized');
      expect((await me.listPersonalAccessTokens({})).pats.map((p) => p.id)).not.toContain(pat.id);
      // Deleted is deleted: a second deletion finds nothing.
      await expectClientError(me.deletePersonalAccessToken({ id: pat.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
    });

    it('lets a token delete itself, after which it is refused', async () => {
      const { token } = await newAccount();
      const [{ id }] = (await client({ token }).listPersonalAccessTokens({})).pats;
      await client({ token }).deletePersonalAccessToken({ id });
      await expectClientError(client({ token }).getAccount({}), UnauthorizedError, 401, 'Unauthorized');
    });

    it("answers another account's token id exactly as an unknown id, and leaves that token working", async () => {
      const [mine, theirs] = await Promise.all([newAccount(), newAccount()]);
      const [their] = (await client({ token: theirs.token }).listPersonalAccessTokens({})).pats;
      const foreign = await raw('DELETE', `/v1/admin/account/pats/${their.id}`, { headers: bearer(mine.token) });
      const unknownId = `pat_${randomBytes(8).toString('hex')}`;
      const unknown = await raw('DELETE', `/v1/admin/account/pats/${unknownId}`, { headers: bearer(mine.token) });
      expect(foreign.status).toBe(404);
      expectErrorBody(foreign.json, 404, 'ResourceNotFound');
      expect(foreign.json.message.replace(their.id, '<id>')).toBe(unknown.json.message.replace(unknownId, '<id>'));
      expect((await client({ token: theirs.token }).getAccount({})).account.id).toBe(theirs.accountId);
      expect((await client({ token: mine.token }).listPersonalAccessTokens({})).pats.map((p) => p.id)).not.toContain(their.id);
    });

    it('refuses bad input on create with 4xx and the standard body, creating no token', async () => {
      const { token } = await newAccount();
      const before = (await client({ token }).listPersonalAccessTokens({})).pats;
      await expectBodiesRefused(
        'POST',
        '/v1/admin/account/pats',
        bearer(token),
        badBodies({ note: 'ok' }, [
          ['note missing', { note: undefined }],
          ['note as a number', { note: 7 }],
          ['note empty', { note: '' }],
          ['note over 500 characters', { note: 'n'.repeat(501) }],
        ]),
      );
      expect((await client({ token }).listPersonalAccessTokens({})).pats).toEqual(before);
    });

    it('refuses an oversized token id with 400, deleting nothing', async () => {
      const { token } = await newAccount();
      const before = (await client({ token }).listPersonalAccessTokens({})).pats;
      const res = await raw('DELETE', `/v1/admin/account/pats/${'x'.repeat(201)}`, { headers: bearer(token) });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect((await client({ token }).listPersonalAccessTokens({})).pats).toEqual(before);
    });

    it('is 401 without a token', async () => {
      await expectClientError(anonymousClient().listPersonalAccessTokens({}), UnauthorizedError, 401, 'Unauthorized');
      await expectClientError(anonymousClient().createPersonalAccessToken({ note: 'x' }), UnauthorizedError, 401, 'Unauthorized');
      await expectClientError(anonymousClient().deletePersonalAccessToken({ id: 'pat_x' }), UnauthorizedError, 401, 'Unauthorized');
    });
  });

  describe('createAccount (POST /v1/admin/accounts, platform owner only)', () => {
    // Other suites create accounts concurrently: count only the emails a test is about.
    const countAccounts = async (...emails: string[]) =>
      Number((await sql<{ n: string }>('SELECT count(*) AS n FROM admin.accounts WHERE lower(email) = ANY($1)', [emails.map((e) => e.toLowerCase())]))[0].n);

    it('creates an account and its first token, shown once, that works at once', async () => {
      const email = `new-${randomBytes(4).toString('hex')}@example.com`;
      const res = await create(e2e.token, { email });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        account: { id: expect.stringMatching(UUID), email, emailVerified: false, createdAt: expect.stringMatching(ISO_MS) },
        token: expect.stringMatching(/^bp_pat_/),
      });
      const me = client({ token: res.json.token });
      expect((await me.getAccount({})).account).toEqual(res.json.account);
      // The new person belongs to no workspace until one is made or they are added to one.
      expect((await me.listWorkspaces({})).workspaces).toEqual([]);
      expect((await me.listPersonalAccessTokens({})).pats).toEqual([expect.not.objectContaining({ value: expect.anything() })]);
    });

    it('keeps emails lowercased, so one address is one account', async () => {
      const local = `Mixed-${randomBytes(4).toString('hex')}`;
      const res = await create(e2e.token, { email: `${local}@Example.COM` });
      expect(res.json.account.email).toBe(`${local.toLowerCase()}@example.com`);
      const again = await create(e2e.token, { email: `${local.toLowerCase()}@example.com` });
      expect(again.status).toBe(409);
      expectErrorBody(again.json, 409, 'AlreadyExists');
    });

    it('is 409 for an email that has an account, creating nothing', async () => {
      const { email } = await newAccount();
      const res = await create(e2e.token, { email });
      expect(res.status).toBe(409);
      expectErrorBody(res.json, 409, 'AlreadyExists');
      expect(await countAccounts(email)).toBe(1);
    });

    it('is 403 for any other account, even the owner of a workspace, and 401 without a valid token', async () => {
      const other = await newAccount();
      await client({ token: other.token }).createWorkspace({ name: 'not a platform' });
      const sneaky = `sneaky-${randomBytes(4).toString('hex')}@example.com`;
      const refused = await create(other.token, { email: sneaky });
      expect(refused.status).toBe(403);
      expectErrorBody(refused.json, 403, 'Forbidden');
      const anonymousEmail = `anonymous-${randomBytes(4).toString('hex')}@example.com`;
      const unknownEmail = `unknown-${randomBytes(4).toString('hex')}@example.com`;
      const anonymous = await raw('POST', '/v1/admin/accounts', {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: anonymousEmail }),
      });
      expect(anonymous.status).toBe(401);
      expectErrorBody(anonymous.json, 401, 'Unauthorized');
      const unknown = await create(`bp_pat_${randomBytes(16).toString('hex')}`, { email: unknownEmail });
      expect(unknown.status).toBe(401);
      expectErrorBody(unknown.json, 401, 'Unauthorized');
      expect(await countAccounts(sneaky, anonymousEmail, unknownEmail)).toBe(0);
    });

    it('needs no x-workspace-id, and ignores one', async () => {
      const res = await raw('POST', '/v1/admin/accounts', {
        headers: { ...bearer(e2e.token), 'content-type': 'application/json', 'x-workspace-id': await defaultWorkspaceId() },
        body: JSON.stringify({ email: `with-header-${randomBytes(4).toString('hex')}@example.com` }),
      });
      expect(res.status).toBe(200);
    });

    it('refuses bad input with 4xx and the standard body, creating no account', async () => {
      const fine = `fine-${randomBytes(4).toString('hex')}@example.com`;
      const long = `${'e'.repeat(250)}@example.com`;
      await expectBodiesRefused(
        'POST',
        '/v1/admin/accounts',
        bearer(e2e.token),
        badBodies({ email: fine }, [
          ['email missing', { email: undefined }],
          ['email as a number', { email: 5 }],
          ['email not an address', { email: 'not-an-email' }],
          ['email over 254 characters', { email: long }],
        ]),
      );
      expect(await countAccounts(fine, 'not-an-email', long)).toBe(0);
    });

    it('is tagged experimental in the OpenAPI document', async () => {
      const doc = (await raw('GET', '/openapi.json')).json;
      expect(doc.paths['/v1/admin/accounts'].post.operationId).toBe('createAccount');
      expect(doc.paths['/v1/admin/accounts'].post['x-stability']).toBe('experimental');
      expect(doc.paths['/v1/admin/account/me'].get['x-stability']).toBe('documented');
    });
  });

  describeOnMesh('bootstrap (an admin replica started with BOOTSTRAP_TOKEN)', () => {
    // Only a bootstrap creates owner-N@localhost accounts, and only this file bootstraps.
    const countAccounts = async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM admin.accounts WHERE email LIKE 'owner%@localhost'`))[0].n);

    /** Runs an admin replica with this bootstrap token until it serves, then stops it. */
    async function bootstrapWith(token: string): Promise<void> {
      const mesh = Mesh.current();
      const name = `admin#${randomBytes(3).toString('hex')}`;
      // At debug level the replica says when it serves ("Serving … operations").
      mesh.spawn('admin', name, { BOOTSTRAP_TOKEN: token, LOG_LEVEL: 'debug' });
      try {
        await until(() => mesh.log(name).includes('Serving'), 30000);
      } finally {
        await mesh.stop(name);
      }
    }

    it('makes a new token the credential of a new platform owner, who may create accounts', async () => {
      const token = `bp_pat_boot_${randomBytes(16).toString('hex')}`;
      await bootstrapWith(token);
      const { account } = await client({ token }).getAccount({});
      expect(account.email).toMatch(/^owner-\d+@localhost$/);
      const res = await create(token, { email: `by-second-owner-${randomBytes(4).toString('hex')}@example.com` });
      expect(res.status).toBe(200);
    });

    it('never brings a deleted token back to life, even as BOOTSTRAP_TOKEN', async () => {
      const revoked = await newAccount();
      const [{ id }] = (await client({ token: revoked.token }).listPersonalAccessTokens({})).pats;
      await client({ token: revoked.token }).deletePersonalAccessToken({ id });
      const before = await countAccounts();
      await bootstrapWith(revoked.token);
      expect(await countAccounts()).toBe(before);
      await expectClientError(client({ token: revoked.token }).getAccount({}), UnauthorizedError, 401, 'Unauthorized');
    });
  });

  describe('errors through the official client', () => {
    it('answers InvalidPayload for a note of the wrong type sent through the client', async () => {
      const { token } = await newAccount();
      await expectClientError(client({ token }).createPersonalAccessToken({ note: 12 as never }), InvalidPayloadError, 400, 'InvalidPayload');
    });
  });
});
