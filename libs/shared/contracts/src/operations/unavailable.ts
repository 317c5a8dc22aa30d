import type { Family, HttpMethod } from './operation';

/**
 * An operation of the cloud's API that this platform does not provide. The gateway answers it
 * at once, for any caller, with 405 `MethodNotFound` and its reason (`Errors.unavailable`),
 * instead of an unknown route's 404, and the OpenAPI document lists it with `x-stability:
 * unavailable` (docs/contracts.md, "Operations the platform does not provide").
 */
export interface UnavailableOperation {
  name: string;
  family: Family;
  /** Its id in the OpenAPI document: the cloud's. */
  operationId: string;
  /** Method and path relative to the family's prefix. */
  http: { method: HttpMethod; path: string };
  /** Full HTTP path, OpenAPI style. */
  path: string;
  /** Why the platform does not provide it; the error message says it. */
  reason: string;
}

type Route = `${HttpMethod} /${string}`;

function unavailableOperations(family: Family, prefix: string, groups: Array<{ reason: string; operations: Record<string, Route> }>): UnavailableOperation[] {
  return groups.flatMap(({ reason, operations }) =>
    Object.entries(operations).map(([name, route]) => {
      const [method, path] = route.split(' ') as [HttpMethod, string];
      return { name, family, operationId: name, http: { method, path }, path: `${prefix}${path}`, reason };
    }),
  );
}

const HUB =
  'there is no integration hub: the one integration is the built-in chat (integrationId "chat"), and no public integrations, interfaces or plugins exist';
const PUBLISHING = 'integrations, interfaces and plugins cannot be published: no integration code runs here besides the built-in chat';
const BILLING = 'there is no billing: no invoices are issued, nothing is charged and no AI spend is sold';
const USAGE_HISTORY =
  'no usage history, usage by bot or activity per usage type is kept; listWorkspaceUsages and the quota operations report what is measured now';
const ACTIVITIES = 'no activities of tasks are recorded';
const VRL = 'there is no VRL (Vector Remap Language) runtime';

/** The admin operations of the reference the platform does not provide, declared once, by reason. */
export const UNAVAILABLE_OPERATIONS: readonly UnavailableOperation[] = unavailableOperations('admin', '/v1/admin', [
  {
    reason: HUB,
    operations: {
      listPublicIntegrations: 'GET /hub/integrations',
      getPublicIntegrationById: 'GET /hub/integrations/{id}',
      getPublicIntegration: 'GET /hub/integrations/{name}/{version}',
      listPublicInterfaces: 'GET /hub/interfaces',
      getPublicInterfaceById: 'GET /hub/interfaces/{id}',
      getPublicInterface: 'GET /hub/interfaces/{name}/{version}',
      listPublicPlugins: 'GET /hub/plugins',
      getPublicPluginById: 'GET /hub/plugins/{id}',
      getPublicPlugin: 'GET /hub/plugins/{name}/{version}',
      getDereferencedPublicPluginById: 'GET /hub/plugins/{id}/dereferenced',
      getPublicPluginCode: 'GET /hub/plugins/{id}/code/{platform}',
    },
  },
  {
    reason: PUBLISHING,
    operations: {
      createIntegration: 'POST /integrations',
      listIntegrations: 'GET /integrations',
      getIntegration: 'GET /integrations/{id}',
      getIntegrationByName: 'GET /integrations/{name}/{version}',
      updateIntegration: 'PUT /integrations/{id}',
      deleteIntegration: 'DELETE /integrations/{id}',
      getIntegrationLogs: 'GET /integrations/{id}/logs',
      validateIntegrationCreation: 'POST /integrations/validate',
      validateIntegrationUpdate: 'PUT /integrations/{id}/validate',
      requestIntegrationVerification: 'POST /integrations/request-verification',
      createIntegrationApiKey: 'POST /integrations/iaks',
      listIntegrationApiKeys: 'GET /integrations/iaks',
      deleteIntegrationApiKey: 'DELETE /integrations/iaks/{id}',
      createInterface: 'POST /interfaces',
      listInterfaces: 'GET /interfaces',
      getInterface: 'GET /interfaces/{id}',
      getInterfaceByName: 'GET /interfaces/{name}/{version}',
      updateInterface: 'PUT /interfaces/{id}',
      deleteInterface: 'DELETE /interfaces/{id}',
      createPlugin: 'POST /plugins',
      listPlugins: 'GET /plugins',
      getPlugin: 'GET /plugins/{id}',
      getPluginByName: 'GET /plugins/{name}/{version}',
      getDereferencedPlugin: 'GET /plugins/{id}/dereferenced',
      getPluginCode: 'GET /plugins/{id}/code/{platform}',
      updatePlugin: 'PUT /plugins/{id}',
      deletePlugin: 'DELETE /plugins/{id}',
    },
  },
  {
    reason: BILLING,
    operations: {
      listWorkspaceInvoices: 'GET /workspaces/{id}/billing/invoices',
      getUpcomingInvoice: 'GET /workspaces/{id}/billing/upcoming-invoice',
      chargeWorkspaceUnpaidInvoices: 'POST /workspaces/{id}/billing/invoices/charge-unpaid',
      changeAISpendQuota: 'PUT /quotas/ai-spend',
    },
  },
  {
    reason: USAGE_HISTORY,
    operations: {
      getUsage: 'GET /usages/{id}',
      getMultipleUsages: 'GET /usages/multiple',
      listUsageHistory: 'GET /usages/{id}/history',
      listUsageActivity: 'GET /usages/{id}/activity',
      listUsageActivityDaily: 'GET /usages/{id}/daily-activity',
      breakDownWorkspaceUsageByBot: 'GET /workspaces/{id}/usages/by-bot',
    },
  },
  { reason: ACTIVITIES, operations: { listActivities: 'GET /activities' } },
  { reason: VRL, operations: { runVrl: 'POST /helper/vrl' } },
]);
