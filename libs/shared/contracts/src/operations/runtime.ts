import { IdParams, ConversationParticipantParams } from '../dto/common/params.dto';
import { SizedPageQueryDto } from '../dto/common/pagination.dto';
import { ConfigureIntegrationBody } from '../dto/runtime/configure-integration.dto';
import {
  CreateConversationBody,
  GetOrCreateConversationBody,
  GetOrCreateConversationResponse,
  ListConversationsQuery,
  ListConversationsResponse,
  RuntimeConversationResponse,
  UpdateConversationBody,
} from '../dto/runtime/conversations.dto';
import { CreateEventBody, ListEventsQuery, ListEventsResponse, RuntimeEventResponse } from '../dto/runtime/events.dto';
import {
  CreateMessageBody,
  GetOrCreateMessageBody,
  GetOrCreateMessageResponse,
  ListMessagesQuery,
  ListMessagesResponse,
  RuntimeMessageResponse,
  UpdateMessageBody,
} from '../dto/runtime/messages.dto';
import { AddParticipantBody, ListParticipantsResponse, RuntimeParticipantResponse } from '../dto/runtime/participants.dto';
import { GetOrSetStateBody, PatchStateBody, RuntimeStateResponse, SetStateBody, SetStateExpiryBody, StateParams } from '../dto/runtime/states.dto';
import {
  CreateUserBody,
  GetOrCreateUserBody,
  GetOrCreateUserResponse,
  ListUsersQuery,
  ListUsersResponse,
  RuntimeUserResponse,
  UpdateUserBody,
} from '../dto/runtime/users.dto';
import { CallActionBody, CallActionResponse, ListTagValuesQuery, ListTagValuesResponse, TagKeyParams, TrackAnalyticsBody } from '../dto/runtime/bot-extras.dto';
import { ImportMessagesBody, ImportMessagesResponse, InitializeIncomingMessageBody, InitializeIncomingMessageResponse } from '../dto/runtime/incoming.dto';
import { defineOperations } from './operation';

const bot = { kind: 'bot' } as const;

/**
 * The runtime API (`/v1/chat/…`): a bot's own data, for its code and its integrations. Every
 * operation acts on the bot of `x-bot-id`; the chat integration may call them for its bot.
 */
export const RuntimeOperations = defineOperations(
  'runtime',
  { service: 'runtime', prefix: '/v1/chat' },
  {
    configureIntegration: {
      summary: 'Configure an integration instance installed on the bot',
      http: { method: 'POST', path: '/integrations/configure' },
      body: ConfigureIntegrationBody,
      access: bot,
    },

    createUser: {
      idempotent: true,
      summary: 'Create a user of the bot',
      http: { method: 'POST', path: '/users' },
      body: CreateUserBody,
      response: RuntimeUserResponse,
      access: bot,
      services: ['chat'],
    },
    getOrCreateUser: {
      summary: 'Get the user whose tags match, creating it if there is none',
      http: { method: 'POST', path: '/users/get-or-create' },
      body: GetOrCreateUserBody,
      response: GetOrCreateUserResponse,
      access: bot,
      services: ['chat'],
    },
    listUsers: {
      summary: 'List the users of the bot',
      http: { method: 'GET', path: '/users' },
      query: ListUsersQuery,
      response: ListUsersResponse,
      access: bot,
      services: ['chat'],
    },
    getUser: {
      summary: 'Get a user of the bot',
      http: { method: 'GET', path: '/users/{id}' },
      params: IdParams,
      response: RuntimeUserResponse,
      access: bot,
      services: ['chat'],
    },
    updateUser: {
      summary: 'Update a user of the bot',
      http: { method: 'PUT', path: '/users/{id}' },
      params: IdParams,
      body: UpdateUserBody,
      response: RuntimeUserResponse,
      access: bot,
      services: ['chat'],
    },
    deleteUser: {
      summary: 'Delete a user of the bot',
      http: { method: 'DELETE', path: '/users/{id}' },
      params: IdParams,
      access: bot,
      services: ['chat'],
    },

    createConversation: {
      idempotent: true,
      summary: 'Create a conversation of the bot',
      http: { method: 'POST', path: '/conversations' },
      body: CreateConversationBody,
      response: RuntimeConversationResponse,
      access: bot,
      services: ['chat'],
    },
    getOrCreateConversation: {
      summary: 'Get the conversation of the channel whose tags match, creating it if there is none',
      http: { method: 'POST', path: '/conversations/get-or-create' },
      body: GetOrCreateConversationBody,
      response: GetOrCreateConversationResponse,
      access: bot,
      services: ['chat'],
    },
    listConversations: {
      summary: 'List the conversations of the bot',
      http: { method: 'GET', path: '/conversations' },
      query: ListConversationsQuery,
      response: ListConversationsResponse,
      access: bot,
      services: ['chat'],
    },
    getConversation: {
      summary: 'Get a conversation of the bot',
      http: { method: 'GET', path: '/conversations/{id}' },
      params: IdParams,
      response: RuntimeConversationResponse,
      access: bot,
      services: ['chat'],
    },
    updateConversation: {
      summary: 'Update a conversation of the bot',
      http: { method: 'PUT', path: '/conversations/{id}' },
      params: IdParams,
      body: UpdateConversationBody,
      response: RuntimeConversationResponse,
      access: bot,
      services: ['chat'],
    },
    deleteConversation: {
      summary: 'Delete a conversation of the bot, its participants and messages; its live listeners are disconnected',
      http: { method: 'DELETE', path: '/conversations/{id}' },
      params: IdParams,
      access: bot,
      services: ['chat'],
    },

    listParticipants: {
      summary: 'List the participants of a conversation, in the order they joined',
      http: { method: 'GET', path: '/conversations/{id}/participants' },
      params: IdParams,
      query: SizedPageQueryDto,
      response: ListParticipantsResponse,
      access: bot,
      services: ['chat'],
    },
    addParticipant: {
      summary: 'Add a user to a conversation',
      http: { method: 'POST', path: '/conversations/{id}/participants' },
      params: IdParams,
      body: AddParticipantBody,
      response: RuntimeParticipantResponse,
      access: bot,
      services: ['chat'],
    },
    getParticipant: {
      summary: 'Get a participant of a conversation',
      http: { method: 'GET', path: '/conversations/{id}/participants/{userId}' },
      params: ConversationParticipantParams,
      response: RuntimeParticipantResponse,
      access: bot,
      services: ['chat'],
    },
    removeParticipant: {
      summary: 'Remove a user from a conversation; their live listeners are disconnected',
      http: { method: 'DELETE', path: '/conversations/{id}/participants/{userId}' },
      params: ConversationParticipantParams,
      access: bot,
      services: ['chat'],
    },

    createMessage: {
      idempotent: true,
      summary: 'Create a message in a conversation of the bot',
      http: { method: 'POST', path: '/messages' },
      body: CreateMessageBody,
      response: RuntimeMessageResponse,
      access: bot,
      services: ['chat'],
    },
    getOrCreateMessage: {
      summary: 'Get the message of the conversation whose tags match, creating it if there is none',
      http: { method: 'POST', path: '/messages/get-or-create' },
      body: GetOrCreateMessageBody,
      response: GetOrCreateMessageResponse,
      access: bot,
      services: ['chat'],
    },
    listMessages: {
      summary: 'List the messages of the bot in creation order',
      http: { method: 'GET', path: '/messages' },
      query: ListMessagesQuery,
      response: ListMessagesResponse,
      access: bot,
      services: ['chat'],
    },
    getMessage: {
      summary: 'Get a message of the bot',
      http: { method: 'GET', path: '/messages/{id}' },
      params: IdParams,
      response: RuntimeMessageResponse,
      access: bot,
      services: ['chat'],
    },
    updateMessage: {
      summary: 'Update the tags or replace the payload of a message',
      http: { method: 'PUT', path: '/messages/{id}' },
      params: IdParams,
      body: UpdateMessageBody,
      response: RuntimeMessageResponse,
      access: bot,
      services: ['chat'],
    },
    deleteMessage: {
      summary: 'Delete a message of the bot; live listeners of its conversation are told',
      http: { method: 'DELETE', path: '/messages/{id}' },
      params: IdParams,
      access: bot,
      services: ['chat'],
    },

    createEvent: {
      idempotent: true,
      summary: 'Create an event of the bot; sent by an integration (integration header) it is delivered to the bot',
      http: { method: 'POST', path: '/events' },
      body: CreateEventBody,
      response: RuntimeEventResponse,
      access: bot,
      services: ['chat'],
    },
    listEvents: {
      summary: 'List the events of the bot, newest first',
      http: { method: 'GET', path: '/events' },
      query: ListEventsQuery,
      response: ListEventsResponse,
      access: bot,
      services: ['chat'],
    },
    cancelScheduledEvent: {
      summary: 'Cancel a scheduled event of the bot: it is never delivered, and its status becomes canceled',
      http: { method: 'DELETE', path: '/events/scheduled/{id}' },
      params: IdParams,
      access: bot,
    },
    getEvent: {
      summary: 'Get an event of the bot',
      http: { method: 'GET', path: '/events/{id}' },
      params: IdParams,
      response: RuntimeEventResponse,
      access: bot,
      services: ['chat'],
    },

    getState: {
      summary: 'Get a state of a conversation, a user, the bot or a task',
      http: { method: 'GET', path: '/states/{type}/{id}/{name}' },
      params: StateParams,
      response: RuntimeStateResponse,
      access: bot,
    },
    setState: {
      summary: 'Set the payload of a state, creating it if needed; a null payload deletes it',
      http: { method: 'POST', path: '/states/{type}/{id}/{name}' },
      params: StateParams,
      body: SetStateBody,
      response: RuntimeStateResponse,
      access: bot,
    },
    getOrSetState: {
      summary: 'Get a state, or create it with the given payload if it does not exist',
      http: { method: 'POST', path: '/states/{type}/{id}/{name}/get-or-set' },
      params: StateParams,
      body: GetOrSetStateBody,
      response: RuntimeStateResponse,
      access: bot,
    },
    patchState: {
      summary: 'Set some top-level properties of the payload of a state',
      http: { method: 'PATCH', path: '/states/{type}/{id}/{name}' },
      params: StateParams,
      body: PatchStateBody,
      response: RuntimeStateResponse,
      access: bot,
    },
    setStateExpiry: {
      summary: 'Set or remove the expiry of a state',
      http: { method: 'POST', path: '/states/{type}/{id}/{name}/expiry' },
      params: StateParams,
      body: SetStateExpiryBody,
      response: RuntimeStateResponse,
      access: bot,
    },

    initializeIncomingMessage: {
      summary: 'Get or create the user and the conversation, make the user a participant, and get or create their message',
      http: { method: 'POST', path: '/initialize-incoming-message' },
      body: InitializeIncomingMessageBody,
      response: InitializeIncomingMessageResponse,
      access: bot,
    },
    importMessages: {
      summary: 'Import messages with their original time, each unless a message of its conversation has matching tags; answers every one, created or found',
      http: { method: 'POST', path: '/messages/import-messages' },
      body: ImportMessagesBody,
      response: ImportMessagesResponse,
      access: bot,
    },
    listTagValues: {
      summary: 'List the distinct values of a tag over the users, conversations or messages of the bot',
      http: { method: 'GET', path: '/tags/{key}/values' },
      params: TagKeyParams,
      query: ListTagValuesQuery,
      response: ListTagValuesResponse,
      access: bot,
    },
    trackAnalytics: {
      summary: 'Add to a custom analytics counter of the bot (shown as customEvents by getBotAnalytics)',
      http: { method: 'POST', path: '/analytics' },
      body: TrackAnalyticsBody,
      access: bot,
    },
    callAction: {
      summary: "Call an action of one of the bot's integrations; no integration on this platform has actions yet, so every call is refused",
      http: { method: 'POST', path: '/actions' },
      body: CallActionBody,
      response: CallActionResponse,
      access: bot,
    },
  },
);
