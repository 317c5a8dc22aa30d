import { randomUUID } from 'node:crypto';
import { Client as ChatClient } from '@botpress/chat';
import { ForbiddenError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import { anonymousClient, ChatBot, client, createChatBot, expectClientError, fakeBot, FakeBot, newMember, secondAccount, until } from '@platform/testing';

describe('bot issues (/v1/admin/bots/{id}/issues)', () => {
  let endpoint: FakeBot;
  let bot: ChatBot;

  beforeAll(async () => {
    // The bot refuses every message: each delivery fails at once.
    endpoint = await fakeBot(() => 422);
    bot = await createChatBot();
    await bot.admin.updateBot({ id: bot.botId, url: endpoint.url });
  });

  afterAll(async () => {
    await endpoint.stop();
  });

  async function failMessages(n: number): Promise<void> {
    const user = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
    const { conversation } = await user.createConversation({});
    const ids: string[] = [];
    for (let i = 0; i < n; i++)
      ids.push((await user.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: `fail ${i}` } })).message.id);
    await until(async () => {
      const events = await Promise.all(ids.map(async (messageId) => (await bot.runtime.listEvents({ messageId })).events[0]?.status));
      return events.every((s) => s === 'failed');
    }, 20000);
  }

  it("groups the bot's failed deliveries by reason, lists their events, and hides a dismissed issue until it happens again", async () => {
    expect(await bot.admin.listBotIssues({ id: bot.botId })).toEqual({ issues: [], meta: {} });
    await failMessages(2);
    const { issues } = await bot.admin.listBotIssues({ id: bot.botId });
    expect(issues).toEqual([
      {
        id: expect.stringMatching(/^issue_/),
        code: 'event_delivery_failed',
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        title: 'Events could not be delivered to the bot',
        description: expect.stringMatching(/422.*not retried/),
        groupedData: { reason: { raw: issues[0].description } },
        eventsCount: 2,
        category: 'user_code',
        resolutionLink: null,
      },
    ]);
    const [issue] = issues;
    expect(await bot.admin.getBotIssue({ id: bot.botId, issueId: issue.id })).toEqual({ issue });
    const { issueEvents } = await bot.admin.listBotIssueEvents({ id: bot.botId, issueId: issue.id });
    expect(issueEvents).toHaveLength(2);
    expect(issueEvents[0]).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      data: { eventId: { raw: issueEvents[0].id }, eventType: { raw: 'message_created' }, reason: { raw: issue.description } },
    });

    await expect(bot.admin.deleteBotIssue({ id: bot.botId, issueId: issue.id })).resolves.toEqual({});
    expect((await bot.admin.listBotIssues({ id: bot.botId })).issues).toEqual([]);
    await expectClientError(bot.admin.getBotIssue({ id: bot.botId, issueId: issue.id }), ResourceNotFoundError, 404, 'ResourceNotFound');
    // The same failure again: the issue is back, counting only what happened since.
    await failMessages(1);
    const [again] = (await bot.admin.listBotIssues({ id: bot.botId })).issues;
    expect(again).toMatchObject({ id: issue.id, eventsCount: 1 });
    expect((await bot.admin.listBotIssueEvents({ id: bot.botId, issueId: issue.id })).issueEvents).toHaveLength(1);
  });

  it('is 404 for an unknown issue and for the bots of other workspaces; dismissing needs developer', async () => {
    await expectClientError(bot.admin.getBotIssue({ id: bot.botId, issueId: 'issue_unknown' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    await expectClientError(bot.admin.deleteBotIssue({ id: bot.botId, issueId: 'issue_unknown' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    const other = await secondAccount();
    const theirs = client({ token: other.token, workspaceId: other.workspaceId });
    for (const id of [bot.botId, randomUUID()]) {
      await expectClientError(theirs.listBotIssues({ id }), ResourceNotFoundError, 404, 'ResourceNotFound');
      await expectClientError(theirs.listBotIssueEvents({ id, issueId: 'issue_x' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    }
    const viewer = await newMember(bot.workspaceId, 'viewer');
    const asViewer = client({ token: viewer.token, workspaceId: bot.workspaceId });
    expect((await asViewer.listBotIssues({ id: bot.botId })).meta).toEqual({});
    await expectClientError(asViewer.deleteBotIssue({ id: bot.botId, issueId: 'issue_x' }), ForbiddenError, 403, 'Forbidden');
    await expectClientError(anonymousClient({ workspaceId: bot.workspaceId }).listBotIssues({ id: bot.botId }), UnauthorizedError, 401, 'Unauthorized');
  });
});
