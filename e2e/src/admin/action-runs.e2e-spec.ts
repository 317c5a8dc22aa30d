import { randomUUID } from 'node:crypto';
import { Client, ForbiddenError, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import {
  anonymousClient,
  ChatBot,
  client,
  createChatBot,
  e2e,
  expectClientError,
  expectErrorBody,
  FORGED_PAGE_TOKENS,
  ISO_MS,
  newMember,
  raw,
  secondAccount,
} from '@platform/testing';

/** Calls an action, which no integration here offers: the call fails, and is kept as a run. */
async function callAction(runtime: Client, type: string, input: Record<string, unknown>): Promise<string> {
  const error = await expectClientError(runtime.callAction({ type, input }), ResourceNotFoundError, 404, 'ResourceNotFound');
  return error.message;
}

describe('listActionRuns (/v1/admin/bots/{id}/action-runs)', () => {
  let bot: ChatBot;
  let runtime: Client;

  beforeAll(async () => {
    bot = await createChatBot({}, 'action runs');
    runtime = client({ botId: bot.botId });
  });

  it('lists every action call on an integration alias, newest first, with its input, failure and duration', async () => {
    const before = new Date();
    const first = await callAction(runtime, 'webchat:sendReminder', { when: 'tomorrow', to: { userId: 'u1' } });
    const second = await callAction(runtime, 'webchat:getProfile', {});
    await callAction(runtime, 'slack:postMessage', { text: 'hi' });
    // A type naming no integration is refused as malformed, and is no run.
    await expectClientError(runtime.callAction({ type: 'sendReminder', input: {} }), InvalidPayloadError, 400, 'InvalidPayload');

    const { data, meta } = await bot.admin.listActionRuns({ id: bot.botId, integrationName: 'webchat' });
    expect(meta).toEqual({});
    expect(data).toEqual([
      {
        timestamp: expect.stringMatching(ISO_MS),
        integrationName: 'webchat',
        actionType: 'getProfile',
        input: {},
        output: null,
        status: 'FAILURE',
        durationMs: expect.any(Number),
        cached: false,
        errorMessage: second,
      },
      {
        timestamp: expect.stringMatching(ISO_MS),
        integrationName: 'webchat',
        actionType: 'sendReminder',
        input: { when: 'tomorrow', to: { userId: 'u1' } },
        output: null,
        status: 'FAILURE',
        durationMs: expect.any(Number),
        cached: false,
        errorMessage: first,
      },
    ]);
    expect(first).toMatch(/Action 'sendReminder' not found/);
    for (const run of data) {
      expect(Date.parse(run.timestamp)).toBeGreaterThanOrEqual(before.getTime() - 1000);
      expect(run.durationMs).toBeGreaterThanOrEqual(0);
    }
    const slack = await bot.admin.listActionRuns({ id: bot.botId, integrationName: 'slack' });
    expect(slack.data.map((r) => [r.actionType, r.input])).toEqual([['postMessage', { text: 'hi' }]]);
    expect((await bot.admin.listActionRuns({ id: bot.botId, integrationName: 'teams' })).data).toEqual([]);
  });

  it('filters by time, inclusive at both ends', async () => {
    await callAction(runtime, 'timed:early', {});
    const [early] = (await bot.admin.listActionRuns({ id: bot.botId, integrationName: 'timed' })).data;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await callAction(runtime, 'timed:late', {});
    const [late] = (await bot.admin.listActionRuns({ id: bot.botId, integrationName: 'timed' })).data;
    const list = (query: { timestampFrom?: string; timestampUntil?: string }) =>
      bot.admin.listActionRuns({ id: bot.botId, integrationName: 'timed', ...query }).then((r) => r.data.map((run) => run.actionType));
    expect(await list({})).toEqual(['late', 'early']);
    expect(await list({ timestampFrom: late.timestamp })).toEqual(['late']);
    expect(await list({ timestampUntil: early.timestamp })).toEqual(['early']);
    expect(await list({ timestampFrom: early.timestamp, timestampUntil: late.timestamp })).toEqual(['late', 'early']);
    expect(await list({ timestampFrom: '2020-01-01T00:00:00Z', timestampUntil: '2020-12-31T00:00:00Z' })).toEqual([]);
  });

  it('pages by 100, stable while runs are added', async () => {
    await Promise.all(Array.from({ length: 101 }, (_, i) => callAction(runtime, `pager:action${i}`, { i })));
    const firstPage = await bot.admin.listActionRuns({ id: bot.botId, integrationName: 'pager' });
    expect(firstPage.data).toHaveLength(100);
    expect(firstPage.meta.nextToken).toEqual(expect.any(String));
    // A run added meanwhile is newer than every listed one: it does not shift the next page.
    await callAction(runtime, 'pager:latecomer', {});
    const secondPage = await bot.admin.listActionRuns({ id: bot.botId, integrationName: 'pager', nextToken: firstPage.meta.nextToken });
    expect(secondPage.data).toHaveLength(1);
    expect(secondPage.meta).toEqual({});
    const seen = [...firstPage.data, ...secondPage.data].map((r) => (r.input as { i: number }).i);
    expect(new Set(seen).size).toBe(101);
    const times = [...firstPage.data, ...secondPage.data].map((r) => Date.parse(r.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps no input over 190 KB and says so', async () => {
    await callAction(runtime, 'big:upload', { blob: 'x'.repeat(200 * 1024) });
    await callAction(runtime, 'big:small', { blob: 'x'.repeat(1000) });
    const { data } = await bot.admin.listActionRuns({ id: bot.botId, integrationName: 'big' });
    expect(data.map((r) => [r.actionType, r.input, r.inputTruncated])).toEqual([
      ['small', { blob: 'x'.repeat(1000) }, undefined],
      ['upload', {}, true],
    ]);
  });

  it('refuses a missing alias, bad timestamps and forged page tokens with 400', async () => {
    const headers = { authorization: `Bearer ${e2e.token}`, 'x-workspace-id': bot.workspaceId };
    for (const query of [
      '',
      '?integrationName=',
      `?integrationName=${'a'.repeat(201)}`,
      '?integrationName=webchat&timestampFrom=yesterday',
      '?integrationName=webchat&timestampUntil=2024-02-30T00:00:00Z',
      '?integrationName=webchat&timestampFrom=2024-02-01T00:00:00Z&timestampUntil=2024-01-01T00:00:00Z',
      ...FORGED_PAGE_TOKENS.map((token) => `?integrationName=webchat&nextToken=${encodeURIComponent(token)}`),
    ]) {
      const res = await raw('GET', `/v1/admin/bots/${bot.botId}/action-runs${query}`, { headers });
      expect([query, res.status]).toEqual([query, 400]);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    }
    await expectClientError(
      bot.admin.listActionRuns({ id: bot.botId, integrationName: 'webchat', timestampFrom: 'not a date' }),
      InvalidPayloadError,
      400,
      'InvalidPayload',
    );
  });

  it("is 404 for another workspace's bot and an unknown one, 403 and 401 for outsiders; viewers may read it", async () => {
    const other = await secondAccount();
    const theirs = client({ token: other.token, workspaceId: other.workspaceId });
    for (const id of [bot.botId, randomUUID()]) {
      await expectClientError(theirs.listActionRuns({ id, integrationName: 'webchat' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    }
    await expectClientError(
      client({ token: other.token, workspaceId: bot.workspaceId }).listActionRuns({ id: bot.botId, integrationName: 'webchat' }),
      ForbiddenError,
      403,
      'Forbidden',
    );
    await expectClientError(
      anonymousClient({ workspaceId: bot.workspaceId }).listActionRuns({ id: bot.botId, integrationName: 'webchat' }),
      UnauthorizedError,
      401,
      'Unauthorized',
    );
    const viewer = await newMember(bot.workspaceId, 'viewer');
    const asViewer = client({ token: viewer.token, workspaceId: bot.workspaceId });
    expect((await asViewer.listActionRuns({ id: bot.botId, integrationName: 'slack' })).data).toHaveLength(1);
  });
});
