import type { Server } from 'node:http';
import * as sdk from '@botpress/sdk';
import { Client, ResourceNotFoundError } from '@botpress/client';
import { client, createChatBot, expectClientError, freePort, sleep, until } from '@platform/testing';

type ExpiredState = { name: string; type: string; payload: Record<string, unknown>; conversationId?: string; userId?: string; botId?: string };

type WorkflowSeen = { kind: string; id: string; name: string; status: string; at: number };

/**
 * What the scheduler and workflows deliver, as an `@botpress/sdk` bot (5.4.3, serving its
 * handler on this machine) sees it: a state written with an expiry is deleted when due and
 * reaches `bot.on.stateExpired`; workflows reach `workflowStart`, `workflowContinue` and
 * `workflowTimeout`.
 */
describe('sdk bot handlers: stateExpired and workflows', () => {
  let server: Server;
  let runtime: Client;
  let botId: string;
  let conversationId: string;
  const expired: Array<ExpiredState & { at: number }> = [];
  const workflows: WorkflowSeen[] = [];

  beforeAll(async () => {
    const bot = new sdk.Bot({ actions: {}, plugins: {} } as never);
    const on = bot.on as unknown as { stateExpired: (name: string, handler: (props: { state: ExpiredState }) => Promise<void>) => void };
    for (const name of ['reminder', 'session', 'renewed']) {
      on.stateExpired(name, async ({ state }) => {
        expired.push({ ...state, at: Date.now() });
      });
    }
    type WorkflowHandler = (props: { workflow: { id: string; name: string; status: string } }) => Promise<void>;
    const flows = bot.on as unknown as Record<'workflowStart' | 'workflowContinue' | 'workflowTimeout', (name: string, handler: WorkflowHandler) => void>;
    for (const kind of ['workflowStart', 'workflowContinue', 'workflowTimeout'] as const) {
      flows[kind]('remind', async ({ workflow }) => {
        workflows.push({ kind, id: workflow.id, name: workflow.name, status: workflow.status, at: Date.now() });
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
    // The patch must land before the first expiry: 1.5 s of room for a loaded machine (with 0.3 s,
    // a run of the one-process platform once patched a state already gone).
    await runtime.setState({ type: 'conversation', id: conversationId, name: 'renewed', payload: { n: 1 }, expiry: 2000 });
    await sleep(500);
    await runtime.patchState({ type: 'conversation', id: conversationId, name: 'renewed', payload: { n: 2 } });
    await sleep(1700);
    expect(expired.filter((s) => s.name === 'renewed')).toEqual([]);
    await until(() => expired.some((s) => s.name === 'renewed'), 4000);
    const state = expired.find((s) => s.name === 'renewed')!;
    expect(state.payload).toEqual({ n: 2 });
    expect(state.at).toBeGreaterThanOrEqual(started + 2500);
  });

  it('hands workflow_started, workflow_continued and workflow_timedout to the workflow handlers', async () => {
    const { workflow } = await runtime.createWorkflow({ name: 'remind', status: 'pending', conversationId });
    await until(() => workflows.some((w) => w.id === workflow.id), 5000);
    expect(workflows.filter((w) => w.id === workflow.id)).toEqual([expect.objectContaining({ kind: 'workflowStart', name: 'remind', status: 'pending' })]);
    await runtime.updateWorkflow({ id: workflow.id, status: 'listening' });
    await runtime.createEvent({ type: 'reply', payload: {}, conversationId, workflowId: workflow.id });
    await until(() => workflows.filter((w) => w.id === workflow.id).length === 2, 5000);
    expect(workflows.filter((w) => w.id === workflow.id)[1]).toMatchObject({ kind: 'workflowContinue', status: 'in_progress' });

    const timeoutAt = new Date(Date.now() + 1000).toISOString();
    const { workflow: waiting } = await runtime.createWorkflow({ name: 'remind', status: 'listening', timeoutAt });
    await until(() => workflows.some((w) => w.id === waiting.id), 5000);
    const [timedOut] = workflows.filter((w) => w.id === waiting.id);
    expect(timedOut).toMatchObject({ kind: 'workflowTimeout', status: 'timedout' });
    expect(timedOut.at).toBeGreaterThanOrEqual(Date.parse(timeoutAt));
    expect(timedOut.at).toBeLessThan(Date.parse(timeoutAt) + 1500);
  });
});
