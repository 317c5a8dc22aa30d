import { randomBytes } from 'node:crypto';
import { Client, InvalidPayloadError, ResourceNotFoundError } from '@botpress/client';
import { client, createChatBot, e2e, expectClientError, expectErrorBody, FakeBot, fakeBot, raw, referenceValidator, sleep, until } from '@platform/testing';

const invalidPayload = (call: Promise<unknown>) => expectClientError(call, InvalidPayloadError, 400, 'InvalidPayload');
const notFound = (call: Promise<unknown>) => expectClientError(call, ResourceNotFoundError, 404, 'ResourceNotFound');
const unique = () => `flow_${randomBytes(4).toString('hex')}`;

/**
 * Workflows of the runtime API, their status rules, and the `workflow_update` events the sdk's
 * workflow handlers read (`payload.type`, `payload.workflow`), delivered to a bot on this machine.
 */
describe('workflows', () => {
  let bot: FakeBot;
  let botId: string;
  /** The bot acting as itself, every answer checked against the reference. */
  let runtime: Client;
  let conversationId: string;

  const updates = (workflowId: string) =>
    bot.received
      .filter((d) => d.event.type === 'workflow_update' && (d.event.payload?.workflow as { id: string }).id === workflowId)
      .map((d) => ({ type: d.event.payload?.type, status: (d.event.payload?.workflow as { status: string }).status, headers: d.headers }));

  beforeAll(async () => {
    referenceValidator('get', '/v1/chat/workflows/x');
    bot = await fakeBot(() => 200);
    const chatBot = await createChatBot({}, 'workflows');
    botId = chatBot.botId;
    await chatBot.admin.updateBot({ id: botId, url: bot.url });
    runtime = client({ botId });
    ({
      conversation: { id: conversationId },
    } = await client({ botId }).createConversation({ channel: 'channel', tags: {} }));
  });

  afterAll(async () => {
    await bot?.stop();
  });

  it('starts a pending workflow (workflow_started), continues a listening one (workflow_continued), and completes it', async () => {
    const name = unique();
    const { workflow } = await runtime.createWorkflow({ name, status: 'pending', input: { a: 1 }, conversationId, tags: { t: 'x' } });
    expect(workflow).toMatchObject({ name, status: 'pending', input: { a: 1 }, output: {}, conversationId, tags: { t: 'x' } });
    expect(Date.parse(workflow.timeoutAt) - Date.parse(workflow.createdAt)).toBe(24 * 3600 * 1000);
    await until(() => updates(workflow.id).length === 1, 5000);
    const [started] = updates(workflow.id);
    expect(started.type).toBe('workflow_started');
    expect(started.headers['x-bp-type']).toBe('workflow_update');
    const delivered = bot.received.find((d) => d.event.type === 'workflow_update' && (d.event.payload?.workflow as { id: string }).id === workflow.id)!;
    expect(delivered.event.payload).toMatchObject({ workflow: { id: workflow.id, name, status: 'pending' }, conversation: { id: conversationId } });

    // The handler acknowledges it, then waits for something.
    expect((await runtime.updateWorkflow({ id: workflow.id, status: 'in_progress', eventId: delivered.event.id })).workflow.status).toBe('in_progress');
    expect((await runtime.updateWorkflow({ id: workflow.id, status: 'listening' })).workflow.status).toBe('listening');
    await runtime.createEvent({ type: 'answer', payload: { yes: true }, conversationId, workflowId: workflow.id });
    await until(() => updates(workflow.id).length === 2, 5000);
    expect(updates(workflow.id)[1]).toMatchObject({ type: 'workflow_continued', status: 'in_progress' });
    expect((await runtime.getWorkflow({ id: workflow.id })).workflow.status).toBe('in_progress');

    const { workflow: done } = await runtime.updateWorkflow({ id: workflow.id, status: 'completed', output: { result: 42 } });
    expect(done).toMatchObject({ status: 'completed', output: { result: 42 } });
    expect(done.completedAt).toEqual(expect.any(String));
    // Finished: it changes no more.
    await invalidPayload(runtime.updateWorkflow({ id: workflow.id, status: 'in_progress' }));
    await invalidPayload(runtime.updateWorkflow({ id: workflow.id, output: {} }));
  });

  it('records failed and cancelled workflows with their reason; pauses and resumes without events', async () => {
    const name = unique();
    const { workflow: a } = await runtime.createWorkflow({ name, status: 'in_progress' });
    expect((await runtime.updateWorkflow({ id: a.id, status: 'paused' })).workflow.status).toBe('paused');
    expect((await runtime.updateWorkflow({ id: a.id, status: 'in_progress' })).workflow.status).toBe('in_progress');
    const { workflow: failed } = await runtime.updateWorkflow({ id: a.id, status: 'failed', failureReason: 'no answer' });
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'no answer' });
    const { workflow: b } = await runtime.createWorkflow({ name, status: 'listening' });
    expect((await runtime.updateWorkflow({ id: b.id, status: 'cancelled' })).workflow.status).toBe('cancelled');
    await sleep(300);
    // Neither was created pending nor continued: the bot heard of neither.
    expect([...updates(a.id), ...updates(b.id)]).toEqual([]);
    expect((await runtime.listWorkflows({ name, statuses: ['failed', 'cancelled'] })).workflows.map((w) => w.id)).toEqual([b.id, a.id]);
    expect((await runtime.listWorkflows({ name, statuses: ['cancelled'] })).workflows.map((w) => w.id)).toEqual([b.id]);
  });

  it('times out an active workflow when its timeoutAt passes (workflow_timedout), not a finished one', async () => {
    const name = unique();
    const timeoutAt = new Date(Date.now() + 1200).toISOString();
    const { workflow } = await runtime.createWorkflow({ name, status: 'in_progress', conversationId, timeoutAt });
    const { workflow: finished } = await runtime.createWorkflow({ name, status: 'in_progress', timeoutAt });
    await runtime.updateWorkflow({ id: finished.id, status: 'completed' });
    await until(() => updates(workflow.id).length === 1, 5000);
    expect(updates(workflow.id)[0]).toMatchObject({ type: 'workflow_timedout', status: 'timedout' });
    const { workflow: timedOut } = await runtime.getWorkflow({ id: workflow.id });
    expect(timedOut.status).toBe('timedout');
    expect(Date.parse(timedOut.updatedAt)).toBeGreaterThanOrEqual(Date.parse(timeoutAt));
    await sleep(300);
    expect(updates(finished.id)).toEqual([]);
    expect((await runtime.getWorkflow({ id: finished.id })).workflow.status).toBe('completed');
  });

  it('gets or creates by name, tags and status group; lists newest first with filters and pages; deletes', async () => {
    const name = unique();
    const first = (await runtime.getOrCreateWorkflow({ name, status: 'listening', tags: { key: 'k1' }, discriminateByTags: ['key'] })).workflow;
    const same = (await runtime.getOrCreateWorkflow({ name, status: 'listening', tags: { key: 'k1' }, discriminateByTags: ['key'] })).workflow;
    expect(same.id).toBe(first.id);
    await runtime.updateWorkflow({ id: first.id, status: 'completed' });
    const active = (
      await runtime.getOrCreateWorkflow({ name, status: 'listening', tags: { key: 'k1' }, discriminateByTags: ['key'], discriminateByStatusGroup: 'active' })
    ).workflow;
    expect(active.id).not.toBe(first.id);
    const finished = (
      await runtime.getOrCreateWorkflow({ name, status: 'listening', tags: { key: 'k1' }, discriminateByTags: ['key'], discriminateByStatusGroup: 'finished' })
    ).workflow;
    expect(finished.id).toBe(first.id);

    const page1 = await runtime.listWorkflows({ name, tags: { key: 'k1' } });
    expect(page1.workflows.map((w) => w.id)).toEqual([active.id, first.id]);
    expect((await runtime.listWorkflows({ name, statuses: ['listening'] })).workflows.map((w) => w.id)).toEqual([active.id]);
    const paged = await raw('GET', `/v1/chat/workflows?name=${name}&pageSize=1`, { headers: { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId } });
    expect(paged.json.workflows.map((w: { id: string }) => w.id)).toEqual([active.id]);
    expect((await runtime.listWorkflows({ name, nextToken: paged.json.meta.nextToken })).workflows.map((w) => w.id)).toEqual([first.id]);

    expect(await runtime.deleteWorkflow({ id: active.id })).toEqual({});
    await notFound(runtime.getWorkflow({ id: active.id }));
    await notFound(runtime.deleteWorkflow({ id: active.id }));
    // Another bot's workflow is not found.
    const other = client({ botId: (await createChatBot({}, 'other')).botId });
    await notFound(other.getWorkflow({ id: first.id }));
    await notFound(other.updateWorkflow({ id: first.id, status: 'cancelled' }));
  });

  it('refuses bad input with 400 (unknown references with 404) and stores nothing', async () => {
    const name = unique();
    const headers = { authorization: `Bearer ${e2e.token}`, 'x-bot-id': botId, 'content-type': 'application/json' };
    for (const body of [
      { name },
      { name, status: 'completed' },
      { name, status: 'pending', timeoutAt: new Date(Date.now() - 1000).toISOString() },
      { name, status: 'pending', timeoutAt: 'tomorrow' },
      { name, status: 'pending', timeoutAt: new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString() },
      { name, status: 'pending', input: [] },
      { name, status: 'pending', extra: 1 },
    ]) {
      const res = await raw('POST', '/v1/chat/workflows', { headers, body: JSON.stringify(body) });
      expect([body, res.status]).toEqual([body, 400]);
      expectErrorBody(res.json, 400, 'InvalidPayload');
    }
    await notFound(runtime.createWorkflow({ name, status: 'pending', conversationId: 'conv_unknown_xxxxxxxxxxxxxxxxxx' }));
    await notFound(runtime.createWorkflow({ name, status: 'pending', parentWorkflowId: 'wfl_unknown_xxxxxxxxxxxxxxxxxxx' }));
    await notFound(runtime.createEvent({ type: 'x', payload: {}, workflowId: 'wfl_unknown_xxxxxxxxxxxxxxxxxxx' }));
    expect((await runtime.listWorkflows({ name })).workflows).toEqual([]);
  });
});
