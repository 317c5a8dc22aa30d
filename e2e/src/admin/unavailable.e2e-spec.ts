import { MethodNotFoundError } from '@botpress/client';
import { ALL_OPERATIONS, UNAVAILABLE_OPERATIONS } from '@platform/contracts';
import { anonymousClient, client, defaultWorkspaceId, expectClientError, expectErrorBody, raw, referenceDocument } from '@platform/testing';

type Reference = { paths: Record<string, Record<string, { operationId?: string }>> };

/** A request path of an operation: its parameters filled with plausible values. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x1');

/**
 * The cloud operations the platform does not provide (hub, publishing, billing, usage history,
 * activities, VRL): a 405 MethodNotFound saying why, which the official client throws as its
 * MethodNotFoundError, never an unknown route's 404.
 */
describe('admin operations the platform does not provide', () => {
  let workspaceId: string;

  beforeAll(async () => {
    workspaceId = await defaultWorkspaceId();
  });

  it('are operations of the cloud (same method, path and id), and none the platform serves', () => {
    const reference = referenceDocument('admin') as Reference;
    const served = new Set(ALL_OPERATIONS.filter((op) => op.path).map((op) => `${op.http!.method} ${op.path}`));
    for (const op of UNAVAILABLE_OPERATIONS) {
      expect([op.name, reference.paths[op.path]?.[op.http.method.toLowerCase()]?.operationId]).toEqual([op.name, op.operationId]);
      expect(served.has(`${op.http.method} ${op.path}`)).toBe(false);
    }
    expect(UNAVAILABLE_OPERATIONS.map((op) => op.name)).toEqual(
      expect.arrayContaining(['listPublicIntegrations', 'listWorkspaceInvoices', 'createIntegration', 'createInterface', 'createPlugin', 'getUsage', 'runVrl']),
    );
  });

  it("throw the client's MethodNotFoundError, naming the operation and why", async () => {
    const admin = client({ workspaceId });
    // One call at a time: a call started early could fail before anything awaits it, and an
    // unawaited rejection fails the test whatever it carries.
    const cases: Array<[() => Promise<unknown>, string, RegExp]> = [
      [() => admin.listPublicIntegrations({}), 'listPublicIntegrations', /no integration hub/],
      [() => admin.getPublicIntegration({ name: 'slack', version: 'latest' }), 'getPublicIntegration', /no integration hub/],
      [() => admin.listPublicPlugins({}), 'listPublicPlugins', /no integration hub/],
      [() => admin.createIntegration({ name: 'my-integration', version: '0.1.0' }), 'createIntegration', /cannot be published/],
      [() => admin.createPlugin({ name: 'my-plugin', version: '0.1.0', code: { node: '', browser: '' } }), 'createPlugin', /cannot be published/],
      [() => admin.listWorkspaceInvoices({ id: workspaceId }), 'listWorkspaceInvoices', /no billing/],
      [() => admin.getUpcomingInvoice({ id: workspaceId }), 'getUpcomingInvoice', /no billing/],
      [() => admin.changeAISpendQuota({ monthlySpendingLimit: 10 }), 'changeAISpendQuota', /no billing/],
      [() => admin.getUsage({ id: workspaceId, type: 'bot_count' }), 'getUsage', /no usage history/],
      [() => admin.listActivities({ taskId: 'task_1', botId: 'bot_1' }), 'listActivities', /no activities/],
      [() => admin.runVrl({ script: '.a = 1', data: {} }), 'runVrl', /no VRL/],
    ];
    for (const [call, name, reason] of cases) {
      const error = await expectClientError(call(), MethodNotFoundError, 405, 'MethodNotFound');
      expect([name, error.message]).toEqual([name, expect.stringMatching(new RegExp(`^${name} is not available on this platform: `))]);
      expect([name, error.message]).toEqual([name, expect.stringMatching(reason)]);
    }
  });

  it('answer every caller alike, at every one of their routes, in the standard error body with Allow', async () => {
    // No credential needed: the answer tells nothing about any resource.
    await expectClientError(anonymousClient().listPublicIntegrations({}), MethodNotFoundError, 405, 'MethodNotFound');
    for (const op of UNAVAILABLE_OPERATIONS) {
      const body = ['POST', 'PUT'].includes(op.http.method) ? '{}' : undefined;
      const res = await raw(op.http.method, concrete(op.path), { headers: { 'content-type': 'application/json' }, body });
      expect([op.name, res.status]).toEqual([op.name, 405]);
      expectErrorBody(res.json, 405, 'MethodNotFound');
      expect(res.json.message).toContain(op.name);
      // No method is served at any of their paths.
      expect(res.headers.allow).toBe('');
    }
  });

  it('are listed in the OpenAPI document as unavailable, answering only 405', async () => {
    const document = (await raw('GET', '/openapi.json')).json as { paths: Record<string, Record<string, Record<string, any>>> };
    for (const op of UNAVAILABLE_OPERATIONS) {
      const entry = document.paths[op.path][op.http.method.toLowerCase()];
      expect([op.name, entry.operationId, entry['x-stability'], Object.keys(entry.responses)]).toEqual([op.name, op.name, 'unavailable', ['405']]);
      expect(entry.summary).toContain(op.reason);
    }
  });
});
