import { randomBytes, randomUUID } from 'node:crypto';
import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
import { ForbiddenError, InvalidPayloadError, ResourceNotFoundError, UnauthorizedError } from '@botpress/client';
import { anonymousClient, ChatBot, client, createChatBot, e2e, expectClientError, expectErrorBody, newMember, raw, secondAccount } from '@platform/testing';

const NO_LLM = {
  calls: 0,
  errors: 0,
  inputTokens: 0,
  outputTokens: 0,
  latency: { mean: 0, sd: 0, min: 0, max: 0 },
  tokensPerSecond: { mean: 0, sd: 0, min: 0, max: 0 },
  cost: { sum: 0, mean: 0, sd: 0, min: 0, max: 0 },
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type AnalyticsRecord = Awaited<ReturnType<ChatBot['admin']['getBotAnalytics']>>['records'][number];

/** The records of a period added up (a period may touch two UTC days when the test runs near midnight). */
function total(records: AnalyticsRecord[]) {
  const sum = (field: 'returningUsers' | 'newUsers' | 'sessions' | 'messages' | 'userMessages' | 'botMessages' | 'events') =>
    records.reduce((n, r) => n + r[field], 0);
  const merge = (field: 'eventTypes' | 'customEvents') =>
    records.reduce<Record<string, number>>((all, r) => {
      for (const [key, n] of Object.entries(r[field])) all[key] = (all[key] ?? 0) + n;
      return all;
    }, {});
  return {
    returningUsers: sum('returningUsers'),
    newUsers: sum('newUsers'),
    sessions: sum('sessions'),
    messages: sum('messages'),
    userMessages: sum('userMessages'),
    botMessages: sum('botMessages'),
    events: sum('events'),
    eventTypes: merge('eventTypes'),
    customEvents: merge('customEvents'),
  };
}

describe('getBotAnalytics (/v1/admin/bots/{id}/analytics)', () => {
  let bot: ChatBot;

  beforeAll(async () => {
    bot = await createChatBot({}, 'analytics');
  });

  it("reports the bot's users, sessions, messages, events and counters of the period, from its data", async () => {
    const write = (user: AuthenticatedClient, conversationId: string, text: string) => user.createMessage({ conversationId, payload: { type: 'text', text } });
    // Before the period: a user who will come back, and one who will not.
    const ada = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
    const { conversation: adasConversation } = await ada.createConversation({});
    await write(ada, adasConversation.id, 'first visit');
    const gone = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
    await write(gone, (await gone.createConversation({})).conversation.id, 'only visit');
    await pause(50);
    const start = new Date();
    await pause(50);

    // In the period: Ada writes twice in her conversation, a new user writes once, the bot answers
    // twice, the bot records a custom event and adds to a counter twice.
    await write(ada, adasConversation.id, 'back again');
    await write(ada, adasConversation.id, 'still here');
    const grace = await ChatClient.connect({ apiUrl: bot.chatApiUrl });
    const { conversation: gracesConversation } = await grace.createConversation({});
    await write(grace, gracesConversation.id, 'hello');
    for (const conversationId of [adasConversation.id, gracesConversation.id]) {
      await bot.runtime.createMessage({ conversationId, userId: bot.botId, type: 'text', payload: { text: 'hi' }, tags: {} });
    }
    await bot.runtime.createEvent({ type: 'reminder', payload: {}, conversationId: gracesConversation.id });
    const counter = `signup_${randomBytes(3).toString('hex')}`;
    await bot.runtime.trackAnalytics({ name: counter, count: 3 });
    await bot.runtime.trackAnalytics({ name: counter, count: 4 });
    const end = new Date(Date.now() + 60_000);

    const { records } = await bot.admin.getBotAnalytics({ id: bot.botId, startDate: start.toISOString(), endDate: end.toISOString() });
    expect(records[0].startDateTimeUtc).toBe(start.toISOString());
    expect(records[records.length - 1].endDateTimeUtc).toBe(end.toISOString());
    for (const record of records) expect(record.llm).toEqual(NO_LLM);
    const eventTypes = total(records).eventTypes;
    expect(total(records)).toEqual({
      returningUsers: 1,
      newUsers: 1,
      sessions: 2,
      messages: 3,
      userMessages: 3,
      botMessages: 2,
      events: Object.values(eventTypes).reduce((a, b) => a + b, 0),
      eventTypes,
      customEvents: { [counter]: 7 },
    });
    // Each message of a user is an event; so is the bot's custom event.
    expect(eventTypes).toMatchObject({ message_created: 3, reminder: 1 });

    // From the first visit on, everyone is new and nobody returns.
    const { records: whole } = await bot.admin.getBotAnalytics({
      id: bot.botId,
      startDate: new Date(start.getTime() - 60_000).toISOString(),
      endDate: end.toISOString(),
    });
    expect(total(whole)).toMatchObject({ returningUsers: 0, newUsers: 3, sessions: 3, userMessages: 5, botMessages: 2 });
  });

  it('answers one record of zeros per UTC day of a period without activity; a date alone ends with its day', async () => {
    const { records } = await bot.admin.getBotAnalytics({ id: bot.botId, startDate: '2020-01-01', endDate: '2020-01-03' });
    const zeros = {
      returningUsers: 0,
      newUsers: 0,
      sessions: 0,
      messages: 0,
      userMessages: 0,
      botMessages: 0,
      events: 0,
      eventTypes: {},
      customEvents: {},
      llm: NO_LLM,
    };
    expect(records).toEqual([
      { startDateTimeUtc: '2020-01-01T00:00:00.000Z', endDateTimeUtc: '2020-01-01T23:59:59.999Z', ...zeros },
      { startDateTimeUtc: '2020-01-02T00:00:00.000Z', endDateTimeUtc: '2020-01-02T23:59:59.999Z', ...zeros },
      { startDateTimeUtc: '2020-01-03T00:00:00.000Z', endDateTimeUtc: '2020-01-03T23:59:59.999Z', ...zeros },
    ]);
    // A period within one day is one record of exactly that period.
    const within = await bot.admin.getBotAnalytics({ id: bot.botId, startDate: '2020-02-01T10:00:00Z', endDate: '2020-02-01T11:30:00.000Z' });
    expect(within.records.map((r) => [r.startDateTimeUtc, r.endDateTimeUtc])).toEqual([['2020-02-01T10:00:00.000Z', '2020-02-01T11:30:00.000Z']]);
  });

  it('refuses bad dates and periods with 400', async () => {
    const invalid = (startDate: string, endDate: string) =>
      expectClientError(bot.admin.getBotAnalytics({ id: bot.botId, startDate, endDate }), InvalidPayloadError, 400, 'InvalidPayload');
    await invalid('yesterday', '2024-01-02');
    await invalid('2024-01-01', '2024-13-01');
    await invalid('2024-01-01', '2024-01-01T25:00:00Z');
    await invalid('2024-01-01', '');
    // The end before the start, and a period over 366 days.
    await invalid('2024-02-01', '2024-01-31');
    await invalid('2023-01-01', '2024-01-02');
    const headers = { authorization: `Bearer ${e2e.token}`, 'x-workspace-id': bot.workspaceId };
    for (const query of ['', '?startDate=2024-01-01', '?endDate=2024-01-01', '?startDate=2024-01-01&startDate=2024-01-02&endDate=2024-01-03']) {
      const res = await raw('GET', `/v1/admin/bots/${bot.botId}/analytics${query}`, { headers });
      expect([query, res.status]).toEqual([query, 400]);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    }
    // 366 days is the longest period: a leap year whole.
    expect((await bot.admin.getBotAnalytics({ id: bot.botId, startDate: '2024-01-01', endDate: '2024-12-31' })).records).toHaveLength(366);
  });

  it("is 404 for another workspace's bot and an unknown one, 401 without a token; viewers may read it", async () => {
    const period = { startDate: '2024-01-01', endDate: '2024-01-01' };
    const other = await secondAccount();
    const theirs = client({ token: other.token, workspaceId: other.workspaceId });
    for (const id of [bot.botId, randomUUID()]) {
      await expectClientError(theirs.getBotAnalytics({ id, ...period }), ResourceNotFoundError, 404, 'ResourceNotFound');
    }
    // Their token on our workspace: not a member.
    await expectClientError(
      client({ token: other.token, workspaceId: bot.workspaceId }).getBotAnalytics({ id: bot.botId, ...period }),
      ForbiddenError,
      403,
      'Forbidden',
    );
    await expectClientError(
      anonymousClient({ workspaceId: bot.workspaceId }).getBotAnalytics({ id: bot.botId, ...period }),
      UnauthorizedError,
      401,
      'Unauthorized',
    );
    const viewer = await newMember(bot.workspaceId, 'viewer');
    expect((await client({ token: viewer.token, workspaceId: bot.workspaceId }).getBotAnalytics({ id: bot.botId, ...period })).records).toHaveLength(1);
  });
});
