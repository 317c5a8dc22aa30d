import {
  AuthorizeDestinationBotBody,
  AuthorizeRuntimeBody,
  BotActionRunsQuery,
  BotFailedEventsQuery,
  BotFailuresQuery,
  BotLogsOfBotQuery,
  BotRef,
  CreateIntegrationConversationBody,
  CreateIntegrationUserBody,
  RetireDeploymentKeysBody,
  RunBotRequestBody,
  WebhookRef,
  WriteBotLogsBody,
  RecentMessagesQuery,
} from '../dto/internal.dto';
import { ListMessagesResponse } from '../dto/runtime/messages.dto';
import { ListActionRunsResponse } from '../dto/admin/action-runs.dto';
import { BotActivityQuery, BotActivityResponse } from '../dto/runtime/bot-extras.dto';
import {
  CompleteFileUploadBody,
  CompleteFileWriteBody,
  FailFileUploadBody,
  FileTransferBody,
  FileWriteRef,
  OpenFileReadBody,
  OpenFileWriteBody,
} from '../dto/files/files.dto';
import { defineOperations } from './operation';

/**
 * Operations services ask of each other. They have no HTTP route; the contract still names who
 * may call each one, and the receiving service validates the request like any other.
 */
export const InternalOperations = defineOperations(
  'internal',
  { service: 'admin' },
  {
    authorizeRuntime: {
      summary: 'May this token act on this bot through the runtime API? Answers the bot, its workspace and installed integrations',
      body: AuthorizeRuntimeBody,
      access: { kind: 'services', services: ['runtime', 'tables', 'files'] },
    },
    authorizeDestinationBot: {
      summary:
        'May this token, acting on one bot, also write to another bot of the same workspace? Answers the destination bot, its workspace and installed integrations',
      body: AuthorizeDestinationBotBody,
      access: { kind: 'services', services: ['files'] },
    },
    deliveryTarget: {
      summary: "Where and with what configuration the bot's events are delivered",
      body: BotRef,
      access: { kind: 'services', services: ['runtime'] },
    },
    botDeployment: {
      summary: "The bot's deployed code with what its process needs: configuration, secrets and an API key minted for this deployment",
      body: BotRef,
      access: { kind: 'services', services: ['bots'] },
    },
    retireDeploymentKeys: {
      summary: 'Revoke the API keys of deployments older than the one the bots service now runs',
      body: RetireDeploymentKeysBody,
      access: { kind: 'services', services: ['bots'] },
    },
    resolveWebhook: {
      summary: 'The bot and chat integration instance behind a webhook id',
      body: WebhookRef,
      access: { kind: 'services', services: ['chat'] },
    },

    botActivity: {
      summary: "A bot's activity over a period from the runtime's data: new users, messages, events by type, trackAnalytics counters",
      service: 'runtime',
      body: BotActivityQuery,
      response: BotActivityResponse,
      access: { kind: 'services', services: ['admin'] },
    },
    botActionRuns: {
      summary: "The bot's recorded action calls on one integration instance, newest first",
      service: 'runtime',
      body: BotActionRunsQuery,
      response: ListActionRunsResponse,
      access: { kind: 'services', services: ['admin'] },
    },
    purgeBot: {
      summary: 'Delete every row the runtime holds for a bot (its bot or workspace was deleted)',
      service: 'runtime',
      body: BotRef,
      access: { kind: 'services', services: ['admin'] },
    },
    purgeBotTables: {
      summary: 'Delete every table of a bot, with its rows and jobs (its bot or workspace was deleted)',
      service: 'tables',
      body: BotRef,
      access: { kind: 'services', services: ['admin'] },
    },
    listIntegrationSettings: {
      summary: "The settings the bot's integrations were configured with",
      service: 'runtime',
      body: BotRef,
      access: { kind: 'services', services: ['admin'] },
    },
    botFailures: {
      summary: "A bot's failed deliveries grouped by failure reason, the most recent 100 reasons",
      service: 'runtime',
      body: BotFailuresQuery,
      access: { kind: 'services', services: ['admin'] },
    },
    botFailedEvents: {
      summary: 'The newest 100 failed deliveries of a bot with one failure reason',
      service: 'runtime',
      body: BotFailedEventsQuery,
      access: { kind: 'services', services: ['admin'] },
    },
    botLogs: {
      summary: 'The platform log of a bot',
      service: 'runtime',
      body: BotLogsOfBotQuery,
      access: { kind: 'services', services: ['admin'] },
    },
    writeBotLogs: {
      summary: "Append lines to a bot's log (what its process wrote, and what happened to the process)",
      service: 'runtime',
      body: WriteBotLogsBody,
      access: { kind: 'services', services: ['bots'] },
    },
    createIntegrationUser: {
      summary: 'An integration creates a user under the id its own API gives it',
      service: 'runtime',
      body: CreateIntegrationUserBody,
      access: { kind: 'services', services: ['chat'] },
    },
    createIntegrationConversation: {
      summary: 'An integration creates a conversation under the id its own API gives it',
      service: 'runtime',
      body: CreateIntegrationConversationBody,
      access: { kind: 'services', services: ['chat'] },
    },

    runBot: {
      summary: "Hand a request (an event, register, unregister) to the bot's deployed code; answers the handler's status",
      service: 'bots',
      body: RunBotRequestBody,
      access: { kind: 'services', services: ['runtime'] },
    },
    stopBot: {
      summary: "Unregister and stop the bot's code and forget it (its bot or workspace is being deleted)",
      service: 'bots',
      body: BotRef,
      access: { kind: 'services', services: ['admin'] },
    },
    listRecentMessages: {
      summary: "An integration reads a conversation's messages newest first, acting for a participant",
      service: 'runtime',
      body: RecentMessagesQuery,
      response: ListMessagesResponse,
      access: { kind: 'services', services: ['chat'] },
    },

    purgeBotFiles: {
      summary: 'Delete every file of a bot, with its content and passages (its bot or workspace was deleted)',
      service: 'files',
      body: BotRef,
      access: { kind: 'services', services: ['admin'] },
    },
    openFileUpload: {
      summary: 'Check a signed upload address and claim it: answers where the content goes and its declared size',
      service: 'files',
      body: FileTransferBody,
      access: { kind: 'signed' },
    },
    completeFileUpload: {
      summary: 'The content of a claimed upload is stored: the file is uploaded, and indexed if asked',
      service: 'files',
      body: CompleteFileUploadBody,
      access: { kind: 'signed' },
    },
    failFileUpload: {
      summary: 'The content of a claimed upload could not be stored: the file records why',
      service: 'files',
      body: FailFileUploadBody,
      access: { kind: 'signed' },
    },
    openFileDownload: {
      summary: "Check a signed or public download address: answers where the file's content is",
      service: 'files',
      body: FileTransferBody,
      access: { kind: 'signed' },
    },
    openFileWrite: {
      summary:
        'Begin a new file of a bot whose content a service writes to the blob store (a table export): answers the file, its blob and the most bytes it may hold',
      service: 'files',
      body: OpenFileWriteBody,
      access: { kind: 'services', services: ['tables'] },
    },
    completeFileWrite: {
      summary: 'The content of a file a service began is stored, this many bytes: the file is uploaded',
      service: 'files',
      body: CompleteFileWriteBody,
      access: { kind: 'services', services: ['tables'] },
    },
    abandonFileWrite: {
      summary: 'A service gives up a file it began writing: the file and what was written of it go',
      service: 'files',
      body: FileWriteRef,
      access: { kind: 'services', services: ['tables'] },
    },
    openFileRead: {
      summary: "Where the content of a bot's uploaded file is, for a service to read it (a table import); 404 for a file the caller may not read",
      service: 'files',
      body: OpenFileReadBody,
      access: { kind: 'services', services: ['tables'] },
    },
  },
);
