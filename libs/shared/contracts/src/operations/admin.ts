import {
  AccountResponse,
  CreateAccountBody,
  CreateAccountResponse,
  CreatePersonalAccessTokenBody,
  CreatePersonalAccessTokenResponse,
  ListPersonalAccessTokensResponse,
  UpdateAccountBody,
} from '../dto/admin/account.dto';
import { GetAuditRecordsQuery, GetAuditRecordsResponse } from '../dto/admin/audit.dto';
import { IntrospectBody, IntrospectResponse, PreferenceKeyParams, PreferenceResponse, SetPreferenceBody } from '../dto/admin/preferences.dto';
import { CreateBotApiKeyBody, CreatedBotApiKeyResponse, ListBotApiKeysQuery, ListBotApiKeysResponse } from '../dto/admin/bot-api-keys.dto';
import { BotIssueParams, BotIssueResponse, ListBotIssueEventsResponse, ListBotIssuesQuery, ListBotIssuesResponse } from '../dto/admin/bot-issues.dto';
import { BotLogsQuery, BotLogsResponse } from '../dto/admin/bot-logs.dto';
import { BotAnalyticsQuery, BotAnalyticsResponse } from '../dto/admin/bot-analytics.dto';
import { ListActionRunsQuery, ListActionRunsResponse } from '../dto/admin/action-runs.dto';
import {
  BotVersionParams,
  CreateBotVersionBody,
  CreateBotVersionResponse,
  DeployBotVersionBody,
  GetBotVersionResponse,
  ListBotVersionsResponse,
  PublishFromBotJsonBody,
} from '../dto/admin/bot-versions.dto';
import { BotIdParam, BotResponse, CreateBotBody, ListBotsQuery, ListBotsResponse, RotateBotSigningSecretsResponse, UpdateBotBody } from '../dto/admin/bots.dto';
import {
  AcceptAccountInvitationResponse,
  CreateWorkspaceMemberBody,
  ListAccountInvitationsQuery,
  ListAccountInvitationsResponse,
  ListWorkspaceMembersQuery,
  ListWorkspaceMembersResponse,
  MemberIdParam,
  UpdateWorkspaceMemberBody,
  WorkspaceMemberView,
} from '../dto/admin/members.dto';
import {
  CreateWorkspaceBody,
  ListWorkspacesQuery,
  ListWorkspacesResponse,
  UpdateWorkspaceBody,
  WorkspaceIdParam,
  WorkspaceView,
} from '../dto/admin/workspaces.dto';
import { GetWorkspaceQuotaResponse, ListWorkspaceQuotasResponse, ListWorkspaceUsagesResponse, UsagePeriodQuery, UsageTypeQuery } from '../dto/admin/usages.dto';
import { IdParams } from '../dto/common/params.dto';
import type { Role } from '../roles';
import { defineOperations } from './operation';

const account = { kind: 'account' } as const;
const member = (role: Role) => ({ kind: 'workspace', role }) as const;
/** Operations on `/workspaces/{id}` act in the workspace of the path, as in the cloud. */
const inPath = (role: Role) => ({ kind: 'workspace', role, fromPath: true }) as const;

/**
 * The admin API (`/v1/admin/…`): accounts, workspaces, members and bots. Operations on one
 * workspace act in the one named by `x-workspace-id`, except those under `/workspaces/{id}`,
 * which act in the one the path names.
 */
export const AdminOperations = defineOperations(
  'admin',
  { service: 'admin', prefix: '/v1/admin' },
  {
    getAccount: {
      summary: "Get the caller's account",
      http: { method: 'GET', path: '/account/me' },
      response: AccountResponse,
      access: account,
    },
    updateAccount: {
      summary: "Update the caller's account",
      http: { method: 'PUT', path: '/account/me' },
      body: UpdateAccountBody,
      response: AccountResponse,
      access: account,
    },
    listPersonalAccessTokens: {
      summary: "List the caller's personal access tokens, without their values",
      http: { method: 'GET', path: '/account/pats' },
      response: ListPersonalAccessTokensResponse,
      access: account,
    },
    createPersonalAccessToken: {
      idempotent: true,
      summary: 'Create a personal access token; its value is shown only in this answer',
      http: { method: 'POST', path: '/account/pats' },
      body: CreatePersonalAccessTokenBody,
      response: CreatePersonalAccessTokenResponse,
      access: account,
    },
    deletePersonalAccessToken: {
      summary: 'Delete a personal access token, which stops working at once',
      http: { method: 'DELETE', path: '/account/pats/{id}' },
      params: IdParams,
      access: account,
    },
    getAccountPreference: {
      summary: "Get one of the caller's preferences (404 for a key never set)",
      http: { method: 'GET', path: '/account/preferences/{key}' },
      params: PreferenceKeyParams,
      response: PreferenceResponse,
      access: account,
    },
    setAccountPreference: {
      summary: "Set one of the caller's preferences to any JSON value (64 KB at most, 200 keys per account)",
      http: { method: 'POST', path: '/account/preferences/{key}' },
      params: PreferenceKeyParams,
      body: SetPreferenceBody,
      access: account,
    },
    introspect: {
      summary: "Which workspace a bot belongs to and which account the token is, for a bot in one of the caller's workspaces",
      http: { method: 'POST', path: '/introspect' },
      body: IntrospectBody,
      response: IntrospectResponse,
      access: account,
    },
    /** Self-hosting: how the platform owner hands a new person a first token (no cloud equivalent). */
    createAccount: {
      idempotent: true,
      summary: 'Create an account and its first personal access token (platform owner only); the token is shown only in this answer',
      http: { method: 'POST', path: '/accounts' },
      body: CreateAccountBody,
      response: CreateAccountResponse,
      access: { kind: 'platform-owner' },
      stability: 'experimental',
    },

    listWorkspaces: {
      summary: 'List the workspaces the caller belongs to',
      http: { method: 'GET', path: '/workspaces' },
      query: ListWorkspacesQuery,
      response: ListWorkspacesResponse,
      access: account,
    },
    createWorkspace: {
      idempotent: true,
      summary: 'Create a workspace, owned by the caller',
      http: { method: 'POST', path: '/workspaces' },
      body: CreateWorkspaceBody,
      response: WorkspaceView,
      access: account,
    },
    getWorkspace: {
      summary: 'Get a workspace',
      http: { method: 'GET', path: '/workspaces/{id}' },
      params: WorkspaceIdParam,
      response: WorkspaceView,
      access: inPath('viewer'),
    },
    updateWorkspace: {
      summary: "Update a workspace's settings (administrator or owner)",
      http: { method: 'PUT', path: '/workspaces/{id}' },
      params: WorkspaceIdParam,
      body: UpdateWorkspaceBody,
      response: WorkspaceView,
      access: inPath('administrator'),
    },
    deleteWorkspace: {
      summary: 'Delete a workspace with its bots and their data (owner only)',
      http: { method: 'DELETE', path: '/workspaces/{id}' },
      params: WorkspaceIdParam,
      access: inPath('owner'),
    },
    getAuditRecords: {
      summary: 'Every change made in the workspace, newest first',
      http: { method: 'GET', path: '/workspaces/{id}/audit-records' },
      params: WorkspaceIdParam,
      query: GetAuditRecordsQuery,
      response: GetAuditRecordsResponse,
      access: inPath('viewer'),
    },
    getAllWorkspaceQuotaCompletion: {
      summary: "For each of the caller's workspaces, its most used quota and how much of it is used (0 to 1 and beyond)",
      http: { method: 'GET', path: '/workspaces/usages/quota-completion' },
      access: account,
    },
    listWorkspaceUsages: {
      summary: "The workspace's usage of a type, now, with its quota (bot_count, workspace_member_count; none of the types the platform does not measure)",
      http: { method: 'GET', path: '/workspaces/{id}/usages' },
      params: WorkspaceIdParam,
      query: UsageTypeQuery,
      response: ListWorkspaceUsagesResponse,
      access: inPath('viewer'),
    },
    getWorkspaceQuota: {
      summary: "The workspace's quota of a type (404 for a type the platform sets no quota for)",
      http: { method: 'GET', path: '/workspaces/{id}/quota' },
      params: WorkspaceIdParam,
      query: UsageTypeQuery,
      response: GetWorkspaceQuotaResponse,
      access: inPath('viewer'),
    },
    listWorkspaceQuotas: {
      summary: "The workspace's quotas (settings WORKSPACE_BOT_QUOTA and WORKSPACE_MEMBER_QUOTA)",
      http: { method: 'GET', path: '/workspaces/{id}/quotas' },
      params: WorkspaceIdParam,
      query: UsagePeriodQuery,
      response: ListWorkspaceQuotasResponse,
      access: inPath('viewer'),
    },

    listWorkspaceMembers: {
      summary: 'List the members of the workspace',
      http: { method: 'GET', path: '/workspace-members' },
      query: ListWorkspaceMembersQuery,
      response: ListWorkspaceMembersResponse,
      access: member('viewer'),
    },
    getWorkspaceMember: {
      summary: "Get the caller's own membership of the workspace",
      http: { method: 'GET', path: '/workspace-members/me' },
      response: WorkspaceMemberView,
      access: member('viewer'),
    },
    createWorkspaceMember: {
      idempotent: true,
      summary:
        "Invite an email to the workspace with a role (manager or above, up to the caller's own role); the answer is the same whether or not an account has that email",
      http: { method: 'POST', path: '/workspace-members' },
      body: CreateWorkspaceMemberBody,
      response: WorkspaceMemberView,
      access: member('manager'),
    },
    updateWorkspaceMember: {
      summary: "Change a member's role (manager or above, up to the caller's own role)",
      http: { method: 'PUT', path: '/workspace-members/{id}' },
      params: MemberIdParam,
      body: UpdateWorkspaceMemberBody,
      response: WorkspaceMemberView,
      access: member('manager'),
    },
    deleteWorkspaceMember: {
      summary: 'Remove a member from the workspace, effective at once',
      http: { method: 'DELETE', path: '/workspace-members/{id}' },
      params: MemberIdParam,
      access: member('manager'),
    },
    /** Self-hosting: how an invited person consents to a membership (no cloud equivalent). */
    listAccountInvitations: {
      summary: "List the invitations to the caller's email that wait for an answer",
      http: { method: 'GET', path: '/account/invitations' },
      query: ListAccountInvitationsQuery,
      response: ListAccountInvitationsResponse,
      access: account,
      stability: 'experimental',
    },
    acceptAccountInvitation: {
      summary: 'Accept an invitation: the caller becomes a member of its workspace with its role',
      http: { method: 'POST', path: '/account/invitations/{id}/accept' },
      params: MemberIdParam,
      response: AcceptAccountInvitationResponse,
      access: account,
      stability: 'experimental',
    },
    declineAccountInvitation: {
      summary: 'Decline an invitation, which is removed',
      http: { method: 'DELETE', path: '/account/invitations/{id}' },
      params: MemberIdParam,
      access: account,
      stability: 'experimental',
    },

    createBot: {
      idempotent: true,
      summary: 'Create a bot',
      http: { method: 'POST', path: '/bots' },
      body: CreateBotBody,
      response: BotResponse,
      access: member('developer'),
    },
    listBots: {
      summary: 'List the bots of the workspace',
      http: { method: 'GET', path: '/bots' },
      query: ListBotsQuery,
      response: ListBotsResponse,
      access: member('viewer'),
    },
    getBot: {
      summary: 'Get a bot',
      http: { method: 'GET', path: '/bots/{id}' },
      params: BotIdParam,
      response: BotResponse,
      access: member('viewer'),
    },
    getBotLogs: {
      summary: 'What the platform logged for the bot: deliveries of its events and their failures',
      http: { method: 'GET', path: '/bots/{id}/logs' },
      params: BotIdParam,
      query: BotLogsQuery,
      response: BotLogsResponse,
      access: member('viewer'),
    },
    getBotAnalytics: {
      summary: "The bot's activity by UTC day over a period of at most 366 days: users, sessions, messages, events, trackAnalytics counters",
      http: { method: 'GET', path: '/bots/{id}/analytics' },
      params: BotIdParam,
      query: BotAnalyticsQuery,
      response: BotAnalyticsResponse,
      access: member('viewer'),
    },
    listActionRuns: {
      summary: "The bot's action calls on one integration instance (by alias), newest first, with their input, outcome and duration",
      http: { method: 'GET', path: '/bots/{id}/action-runs' },
      params: BotIdParam,
      query: ListActionRunsQuery,
      response: ListActionRunsResponse,
      access: member('viewer'),
    },
    updateBot: {
      summary: 'Update a bot, its integrations and its url',
      http: { method: 'PUT', path: '/bots/{id}' },
      params: BotIdParam,
      body: UpdateBotBody,
      response: BotResponse,
      access: member('developer'),
    },
    deleteBot: {
      summary: 'Delete a bot',
      http: { method: 'DELETE', path: '/bots/{id}' },
      params: BotIdParam,
      access: member('developer'),
    },

    listBotIssues: {
      summary: "The bot's issues: its failed deliveries grouped by failure reason, most recent first (100 at most)",
      http: { method: 'GET', path: '/bots/{id}/issues' },
      params: BotIdParam,
      query: ListBotIssuesQuery,
      response: ListBotIssuesResponse,
      access: member('viewer'),
    },
    getBotIssue: {
      summary: 'One issue of the bot',
      http: { method: 'GET', path: '/bots/{id}/issues/{issueId}' },
      params: BotIssueParams,
      response: BotIssueResponse,
      access: member('viewer'),
    },
    deleteBotIssue: {
      summary: 'Dismiss an issue: it is shown again only when the same failure happens anew',
      http: { method: 'DELETE', path: '/bots/{id}/issues/{issueId}' },
      params: BotIssueParams,
      access: member('developer'),
    },
    listBotIssueEvents: {
      summary: 'The failed deliveries of an issue, newest first (100 at most)',
      http: { method: 'GET', path: '/bots/{id}/issues/{issueId}/events' },
      params: BotIssueParams,
      response: ListBotIssueEventsResponse,
      access: member('viewer'),
    },
    getBotJson: {
      summary: 'The bot as JSON: its definition, settings and code (developer or above), without secrets or integrations',
      http: { method: 'GET', path: '/bots/{id}/bot-json' },
      params: BotIdParam,
      access: member('developer'),
    },
    publishFromBotJson: {
      summary: "Replace the bot's definition, settings and code with those of a bot JSON, and deploy it",
      http: { method: 'POST', path: '/bots/{id}/publish-from-bot-json' },
      params: BotIdParam,
      body: PublishFromBotJsonBody,
      access: member('developer'),
    },
    createBotVersion: {
      idempotent: true,
      summary: 'Keep the bot as it is now (its bot JSON) as a named version (100 per bot at most)',
      http: { method: 'POST', path: '/bots/{id}/versions' },
      params: BotIdParam,
      body: CreateBotVersionBody,
      response: CreateBotVersionResponse,
      access: member('developer'),
    },
    listBotVersions: {
      summary: "The bot's versions, newest first",
      http: { method: 'GET', path: '/bots/{id}/versions' },
      params: BotIdParam,
      response: ListBotVersionsResponse,
      access: member('viewer'),
    },
    getBotVersion: {
      summary: "A version's bot JSON, as a data URL",
      http: { method: 'GET', path: '/bots/{id}/versions/{versionId}' },
      params: BotVersionParams,
      response: GetBotVersionResponse,
      access: member('developer'),
    },
    deployBotVersion: {
      summary: 'Make the bot what a version kept (as publishFromBotJson with its bot JSON)',
      http: { method: 'POST', path: '/bots/{id}/versions/deploy' },
      params: BotIdParam,
      body: DeployBotVersionBody,
      access: member('developer'),
    },

    rotateBotSigningSecrets: {
      summary: 'Replace the secret that signs deliveries to the bot; the previous one keeps signing them beside it for 24 hours',
      http: { method: 'POST', path: '/bots/{id}/signing-secrets/rotate' },
      params: BotIdParam,
      response: RotateBotSigningSecretsResponse,
      access: member('developer'),
    },

    createBotApiKey: {
      idempotent: true,
      summary: 'Create an API key of a bot; its value is shown only in this answer',
      http: { method: 'POST', path: '/bots/baks' },
      body: CreateBotApiKeyBody,
      response: CreatedBotApiKeyResponse,
      access: member('developer'),
    },
    listBotApiKeys: {
      summary: 'List the API keys of a bot, without their values',
      http: { method: 'GET', path: '/bots/baks' },
      query: ListBotApiKeysQuery,
      response: ListBotApiKeysResponse,
      access: member('developer'),
    },
    deleteBotApiKey: {
      summary: 'Delete an API key of a bot, which stops working at once',
      http: { method: 'DELETE', path: '/bots/baks/{id}' },
      params: IdParams,
      access: member('developer'),
    },
  },
);
