import { randomBytes } from 'node:crypto';
import { AlreadyExistsError, Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import {
  acceptInvitation,
  anonymousClient,
  badBodies,
  client,
  E2eAccount,
  expectBodiesRefused,
  expectClientError,
  expectErrorBody,
  ISO_MS,
  newAccount,
  newMember,
  raw,
  secondAccount,
  walkPages,
} from '@platform/testing';

type Member = Awaited<ReturnType<Client['getWorkspaceMember']>>;

describe('workspace members (/v1/admin/workspace-members)', () => {
  let owner: E2eAccount & { workspaceId: string };
  let admin: Client;
  const headers = () => ({ authorization: `Bearer ${owner.token}`, 'x-workspace-id': owner.workspaceId });
  const allMembers = async (as: Client = admin) => as.list.workspaceMembers({}).collect();

  beforeAll(async () => {
    owner = await secondAccount();
    admin = client({ token: owner.token, workspaceId: owner.workspaceId });
  });

  describe('getWorkspaceMember (/me)', () => {
    it('answers the workspace creator as its owner, with every field', async () => {
      const me = await admin.getWorkspaceMember({});
      expect(me).toEqual({
        id: expect.stringMatching(/^member_/),
        userId: owner.accountId,
        email: owner.email,
        createdAt: expect.stringMatching(ISO_MS),
        role: 'owner',
      });
    });

    it('answers each member with their own membership and role', async () => {
      const viewer = await newMember(owner.workspaceId, 'viewer', admin);
      const me = await client({ token: viewer.token, workspaceId: owner.workspaceId }).getWorkspaceMember({});
      expect(me).toEqual({ id: viewer.memberId, userId: viewer.accountId, email: viewer.email, createdAt: expect.stringMatching(ISO_MS), role: 'viewer' });
    });

    it('is 403 for an account that is not a member, 401 without x-workspace-id', async () => {
      const outsider = await newAccount();
      await expectClientError(client({ token: outsider.token, workspaceId: owner.workspaceId }).getWorkspaceMember({}), ForbiddenError, 403, 'Forbidden');
      await expectClientError(client({ token: owner.token }).getWorkspaceMember({}), UnauthorizedError, 401, 'Unauthorized');
    });
  });

  describe('createWorkspaceMember', () => {
    const invitationsOf = async (token: string) => (await raw('GET', '/v1/admin/account/invitations', { headers: { authorization: `Bearer ${token}` } })).json;

    it('invites an email with the role given; the account becomes a member when it accepts, at once', async () => {
      const account = await newAccount();
      const asNewcomer = client({ token: account.token, workspaceId: owner.workspaceId });
      const invitation = await admin.createWorkspaceMember({ email: account.email, role: 'developer' });
      expect(invitation).toEqual({ id: expect.stringMatching(/^member_/), email: account.email, createdAt: expect.stringMatching(ISO_MS), role: 'developer' });
      expect(await allMembers()).toContainEqual(invitation);
      // Nobody becomes a member without consenting: the invitation grants nothing yet.
      await expectClientError(asNewcomer.listBots({}), ForbiddenError, 403, 'Forbidden');
      expect((await asNewcomer.listWorkspaces({})).workspaces.map((w) => w.id)).not.toContain(owner.workspaceId);

      expect(await invitationsOf(account.token)).toEqual({
        invitations: [
          { id: invitation.id, workspaceId: owner.workspaceId, workspaceName: expect.any(String), role: 'developer', createdAt: invitation.createdAt },
        ],
        meta: {},
      });
      const accepted = await acceptInvitation(account.token, invitation.id);
      expect(accepted.json).toEqual({ workspaceId: owner.workspaceId, member: { ...invitation, userId: account.accountId } });
      expect(await allMembers()).toContainEqual({ ...invitation, userId: account.accountId });
      expect(await invitationsOf(account.token)).toEqual({ invitations: [], meta: {} });
      expect((await asNewcomer.listWorkspaces({})).workspaces.map((w) => w.id)).toContain(owner.workspaceId);
      const { bot } = await asNewcomer.createBot({ name: 'by the newcomer' });
      expect((await admin.getBot({ id: bot.id })).bot.name).toBe('by the newcomer');
    });

    it('answers alike whether or not an account has the email, so it reveals no account', async () => {
      const account = await newAccount();
      const nobody = `nobody-${randomBytes(4).toString('hex')}@example.com`;
      const a = await admin.createWorkspaceMember({ email: account.email.toUpperCase(), role: 'viewer', sendEmail: true });
      const b = await admin.createWorkspaceMember({ email: nobody, role: 'viewer' });
      const shape = ({ id: _, email: __, createdAt: ___, ...rest }: Member) => rest;
      expect(shape(a)).toEqual(shape(b));
      expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
      expect(a.email).toBe(account.email);
      // Nor does listing: both wait, without an account, until accepted.
      const listed = await allMembers();
      expect(listed.find((m) => m.id === a.id)).toEqual(a);
      expect(listed.find((m) => m.id === b.id)).toEqual(b);
    });

    it('lets an account with the email accept later, and only that account', async () => {
      const email = `later-${randomBytes(4).toString('hex')}@example.com`;
      const invitation = await admin.createWorkspaceMember({ email, role: 'viewer' });
      const stranger = await newAccount();
      const res = await raw('POST', `/v1/admin/account/invitations/${invitation.id}/accept`, { headers: { authorization: `Bearer ${stranger.token}` } });
      expect(res.status).toBe(404);
      expectErrorBody(res.json, 404, 'ResourceNotFound');
      const invited = await newAccount(email);
      await acceptInvitation(invited.token, invitation.id);
      expect((await client({ token: invited.token, workspaceId: owner.workspaceId }).getWorkspaceMember({})).role).toBe('viewer');
      // Accepted once: it is no invitation any more.
      expect(
        (await raw('POST', `/v1/admin/account/invitations/${invitation.id}/accept`, { headers: { authorization: `Bearer ${invited.token}` } })).status,
      ).toBe(404);
    });

    it('lets the invited account decline, which removes the invitation', async () => {
      const account = await newAccount();
      const invitation = await admin.createWorkspaceMember({ email: account.email, role: 'viewer' });
      const res = await raw('DELETE', `/v1/admin/account/invitations/${invitation.id}`, { headers: { authorization: `Bearer ${account.token}` } });
      expect(res.status).toBe(200);
      expect((await allMembers()).map((m) => m.id)).not.toContain(invitation.id);
    });

    it('is 409 for an email already invited or already a member, whatever role is asked', async () => {
      const viewer = await newMember(owner.workspaceId, 'viewer', admin);
      await expectClientError(admin.createWorkspaceMember({ email: viewer.email, role: 'manager' }), AlreadyExistsError, 409, 'AlreadyExists');
      await expectClientError(admin.createWorkspaceMember({ email: owner.email, role: 'viewer' }), AlreadyExistsError, 409, 'AlreadyExists');
      const email = `twice-${randomBytes(4).toString('hex')}@example.com`;
      await admin.createWorkspaceMember({ email, role: 'viewer' });
      await expectClientError(admin.createWorkspaceMember({ email: email.toUpperCase(), role: 'viewer' }), AlreadyExistsError, 409, 'AlreadyExists');
      expect((await allMembers()).find((m) => m.id === viewer.memberId)?.role).toBe('viewer');
    });

    it('never grants the owner role: a workspace has one owner', async () => {
      const account = await newAccount();
      await expectClientError(admin.createWorkspaceMember({ email: account.email, role: 'owner' }), ForbiddenError, 403, 'Forbidden');
      expect((await allMembers()).map((m) => m.email)).not.toContain(account.email);
    });

    it('refuses bad input with 4xx and the standard body, adding nobody', async () => {
      const account = await newAccount();
      const before = await allMembers();
      await expectBodiesRefused(
        'POST',
        '/v1/admin/workspace-members',
        headers(),
        badBodies({ email: account.email, role: 'viewer' }, [
          ['email missing', { email: undefined }],
          ['email as a number', { email: 1 }],
          ['email not an address', { email: 'nobody' }],
          ['email over 254 characters', { email: `${'e'.repeat(250)}@example.com` }],
          ['role missing', { role: undefined }],
          ['role not a role', { role: 'superuser' }],
          ['role as a number', { role: 3 }],
          ['sendEmail as a string', { sendEmail: 'yes' }],
        ]),
      );
      expect(await allMembers()).toEqual(before);
    });
  });

  describe('listWorkspaceMembers', () => {
    it('lists every member of the workspace, earliest first, and only them', async () => {
      const { token, workspaceId, accountId } = await secondAccount();
      const team = client({ token, workspaceId });
      const added = [await newMember(workspaceId, 'viewer', team), await newMember(workspaceId, 'administrator', team)];
      const { members, meta } = await team.listWorkspaceMembers({});
      expect(members.map((m) => [m.userId, m.role])).toEqual([
        [accountId, 'owner'],
        [added[0].accountId, 'viewer'],
        [added[1].accountId, 'administrator'],
      ]);
      expect(meta).toEqual({});
      // The other workspace's members are not in it, and this one's are not in that one.
      expect((await allMembers()).map((m) => m.userId)).not.toContain(added[0].accountId);
      expect(members.map((m) => m.userId)).not.toContain(owner.accountId);
    });

    it('walks pages with nextToken, with no duplicate and no gap', async () => {
      const all = await allMembers();
      expect(all.length).toBeGreaterThanOrEqual(5);
      const { pages } = await walkPages(
        (nextToken) => admin.listWorkspaceMembers({ pageSize: 2, nextToken }),
        (page) => page.members.map((m) => m.id),
      );
      expect(pages.slice(0, -1).every((p) => p.length === 2)).toBe(true);
      expect(pages.flat()).toEqual(all.map((m) => m.id));
    });

    it('refuses bad paging with 400 and unknown query parameters with 400', async () => {
      for (const query of ['pageSize=0', 'pageSize=101', 'pageSize=two', 'nextToken=forged', 'role=owner']) {
        const res = await raw('GET', `/v1/admin/workspace-members?${query}`, { headers: headers() });
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expectErrorBody(res.json, 400, 'InvalidPayload');
      }
    });

    it('is 401 without a token, 403 for a non-member', async () => {
      await expectClientError(anonymousClient({ workspaceId: owner.workspaceId }).listWorkspaceMembers({}), UnauthorizedError, 401, 'Unauthorized');
      const outsider = await newAccount();
      await expectClientError(client({ token: outsider.token, workspaceId: owner.workspaceId }).listWorkspaceMembers({}), ForbiddenError, 403, 'Forbidden');
    });
  });

  describe('updateWorkspaceMember', () => {
    it('changes the role, which takes effect at once, and keeps it when none is given', async () => {
      const member = await newMember(owner.workspaceId, 'viewer', admin);
      const as = client({ token: member.token, workspaceId: owner.workspaceId });
      await expectClientError(as.createBot({ name: 'not yet' }), ForbiddenError, 403, 'Forbidden');

      const updated = await admin.updateWorkspaceMember({ id: member.memberId, role: 'developer' });
      expect(updated).toEqual(expect.objectContaining({ id: member.memberId, userId: member.accountId, role: 'developer' }));
      expect((await as.getWorkspaceMember({})).role).toBe('developer');
      await as.createBot({ name: 'now allowed' });

      expect(await admin.updateWorkspaceMember({ id: member.memberId })).toEqual(updated);
      expect((await as.getWorkspaceMember({})).role).toBe('developer');
    });

    it("is 404 for an unknown id and for another workspace's member, changing nothing", async () => {
      const elsewhere = await secondAccount();
      const theirs = await newMember(elsewhere.workspaceId, 'viewer', client({ token: elsewhere.token, workspaceId: elsewhere.workspaceId }));
      for (const id of [theirs.memberId, `member_${randomBytes(8).toString('hex')}`]) {
        await expectClientError(admin.updateWorkspaceMember({ id, role: 'manager' }), ResourceNotFoundError, 404, 'ResourceNotFound');
        await expectClientError(admin.deleteWorkspaceMember({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      }
      expect((await client({ token: theirs.token, workspaceId: elsewhere.workspaceId }).getWorkspaceMember({})).role).toBe('viewer');
    });

    it("never changes the owner's membership", async () => {
      const { id } = await admin.getWorkspaceMember({});
      await expectClientError(admin.updateWorkspaceMember({ id, role: 'administrator' }), ForbiddenError, 403, 'Forbidden');
      await expectClientError(admin.deleteWorkspaceMember({ id }), ForbiddenError, 403, 'Forbidden');
      expect((await admin.getWorkspaceMember({})).role).toBe('owner');
    });

    it('refuses bad input with 4xx and the standard body, the role staying as it was', async () => {
      const member = await newMember(owner.workspaceId, 'billing', admin);
      await expectBodiesRefused(
        'PUT',
        `/v1/admin/workspace-members/${member.memberId}`,
        headers(),
        badBodies({ role: 'viewer' }, [
          ['role not a role', { role: 'root' }],
          ['role as null', { role: null }],
          ['role as an array', { role: ['viewer'] }],
          ['role over-long', { role: 'viewer'.repeat(100) }],
        ]),
      );
      const res = await raw('PUT', `/v1/admin/workspace-members/${'m'.repeat(101)}`, {
        headers: { ...headers(), 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'viewer' }),
      });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect((await allMembers()).find((m) => m.id === member.memberId)?.role).toBe('billing');
    });
  });

  describe('deleteWorkspaceMember', () => {
    it('removes the member, refused at once (403, the token itself still valid)', async () => {
      const member = await newMember(owner.workspaceId, 'developer', admin);
      const as = client({ token: member.token, workspaceId: owner.workspaceId });
      expect((await as.listBots({})).bots).toEqual(expect.any(Array));

      await expect(admin.deleteWorkspaceMember({ id: member.memberId })).resolves.toEqual({});
      await expectClientError(as.listBots({}), ForbiddenError, 403, 'Forbidden');
      await expectClientError(as.getWorkspaceMember({}), ForbiddenError, 403, 'Forbidden');
      expect((await as.getAccount({})).account.id).toBe(member.accountId);
      expect((await as.listWorkspaces({})).workspaces.map((w) => w.id)).not.toContain(owner.workspaceId);
      expect((await allMembers()).map((m) => m.id)).not.toContain(member.memberId);
      await expectClientError(admin.deleteWorkspaceMember({ id: member.memberId }), ResourceNotFoundError, 404, 'ResourceNotFound');
    });

    it('lets a removed account be added again', async () => {
      const member = await newMember(owner.workspaceId, 'viewer', admin);
      await admin.deleteWorkspaceMember({ id: member.memberId });
      const again: Member = await admin.createWorkspaceMember({ email: member.email, role: 'billing' });
      expect(again.id).not.toBe(member.memberId);
      await acceptInvitation(member.token, again.id);
      expect((await client({ token: member.token, workspaceId: owner.workspaceId }).getWorkspaceMember({})).role).toBe('billing');
    });

    it('refuses an oversized id with 400, removing nobody', async () => {
      const before = await allMembers();
      const res = await raw('DELETE', `/v1/admin/workspace-members/${'m'.repeat(101)}`, { headers: headers() });
      expect(res.status).toBe(400);
      expectErrorBody(res.json, 400, 'InvalidPayload');
      expect(await allMembers()).toEqual(before);
    });
  });

  describe('errors through the official client', () => {
    it('answers InvalidPayload for a role the client would not send', async () => {
      const account = await newAccount();
      await expectClientError(admin.createWorkspaceMember({ email: account.email, role: 'root' as never }), InvalidPayloadError, 400, 'InvalidPayload');
    });
  });
});
