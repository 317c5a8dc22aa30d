import type { Server } from 'node:http';
import * as sdk from '@botpress/sdk';
import { Client, ResourceNotFoundError } from '@botpress/client';
import { client, createChatBot, expectClientError, freePort, sleep, until } from '@platform/testing';

type ExpiredState = { name: string; type: string; payload: Record<string, unknown>; conversationId?: string; userId?: string; botId?: string };

/**
 * State expiry: a state written with an expiry is deleted when due and the bot gets
 * `state_expired`, which an `@botpress/sdk` bot (5.4.3, serving its handler on this machine)
 * hands to `bot.on.stateExpired`.
 */
describe('state expiry reaches bot.on.stateExpired', () => {
  let server: Server;
  let runtime: Client;
  let botId: string;
  let conversationId: string;
  const expired: Array<ExpiredState & { at: number }> = [];

  beforeAll(async () => {
    const bot = new sdk.Bot({ actions: {}, plugins: {} } as never);
    const on = bot.on as unknown as { stateExpired: (name: string, handler: (props: { state: ExpiredState }) => Promise<void>) => void };
    for (const name of ['reminder', 'session', 'renewed']) {
      on.stateExpired(name, async ({ state }) => {
        expired.push({ ...state, at: Date.now() });
      });
    }
    const port = await freePort();
    server = await bot.start(port);
    const chatBot = await createChatBot({}, 'state expiry');
    botId = chatBot.botId;
    await chatBot.admin.updateBot({ id: botId, url: `http://127.0.0.1:${port}/` });
    runtime = client({ botId });
    ({
      conversation: { id: conversationId },
    } = await runtime.createConversation({ channel: 'channel', tags: {} }));
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('deletes a conversation state with a 1 s expiry when due, and the handler gets it with its payload', async () => {
    const written = Date.now();
    await runtime.setState({ type: 'conversation', id: conversationId, name: 'reminder', payload: { step: 3 }, expiry: 1000 });
    await until(() => expired.some((s) => s.name === 'reminder'), 5000);
    const state = expired.find((s) => s.name === 'reminder')!;
    expect(state).toMatchObject({ name: 'reminder', type: 'conversation', conversationId, payload: { step: 3 }, botId });
    expect(state.at).toBeGreaterThanOrEqual(written + 1000);
    expect(state.at).toBeLessThan(written + 2500);
    await expectClientError(runtime.getState({ type: 'conversation', id: conversationId, name: 'reminder' }), ResourceNotFoundError, 404, 'ResourceNotFound');
    const { events } = await runtime.listEvents({ type: 'state_expired', conversationId });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'processed', payload: { state: { name: 'reminder', payload: { step: 3 } } } });
  });

  it('fires for a bot state created by getOrSetState, and for an expiry set by setStateExpiry, once each', async () => {
    await runtime.getOrSetState({ type: 'bot', id: botId, name: 'session', payload: { open: true }, expiry: 600 });
    const { user } = await runtime.createUser({ tags: {} });
    await runtime.setState({ type: 'user', id: user.id, name: 'session', payload: { who: 'user' } });
    await runtime.setStateExpiry({ type: 'user', id: user.id, name: 'session', expiry: 600 });
    await until(() => expired.filter((s) => s.name === 'session').length === 2, 5000);
    await sleep(500);
    const sessions = expired.filter((s) => s.name === 'session');
    expect(sessions.map((s) => s.type).sort()).toEqual(['bot', 'user']);
    expect(sessions.find((s) => s.type === 'user')).toMatchObject({ userId: user.id, payload: { who: 'user' } });
  });

  it('never fires for a state written again before it expires until it has been idle for its expiry', async () => {
    const started = Date.now();
    await runtime.setState({ type: 'conversation', id: conversationId, name: 'renewed', payload: { n: 1 }, expiry: 800 });
    await sleep(500);
    await runtime.patchState({ type: 'conversation', id: conversationId, name: 'renewed', payload: { n: 2 } });
    await sleep(500);
    expect(expired.filter((s) => s.name === 'renewed')).toEqual([]);
    await until(() => expired.some((s) => s.name === 'renewed'), 4000);
    const state = expired.find((s) => s.name === 'renewed')!;
    expect(state.payload).toEqual({ n: 2 });
    expect(state.at).toBeGreaterThanOrEqual(started + 1300);
  });
});
