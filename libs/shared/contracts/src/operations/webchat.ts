import { IdParams, ConversationParticipantParams } from '../dto/common/params.dto';
import { PageQueryDto } from '../dto/common/pagination.dto';
import { AddChatParticipantBody } from '../dto/chat/chat-resources.dto';
import {
  CreateWebchatConversationBody,
  CreateWebchatEventBody,
  CreateWebchatMessageBody,
  CreateWebchatUserBody,
  GenerateUserKeyBody,
  InitializeQuery,
  ListWebchatConversationsResponse,
  ListWebchatMessagesResponse,
  ListWebchatParticipantsResponse,
  MessageFeedbackBody,
  PerfMetricsBody,
  UpdateWebchatMessageBody,
  UpdateWebchatUserBody,
  WebchatConversationResponse,
  WebchatEventResponse,
  WebchatKeyResponse,
  WebchatMessageResponse,
  WebchatParticipantResponse,
  WebchatUserResponse,
  WebchatUserWithKeyResponse,
} from '../dto/webchat/webchat.dto';
import { defineOperations } from './operation';

const user = { kind: 'chat-user' } as const;

/**
 * The web chat's API (`/webchat/{clientId}/…`), what `@botpress/webchat-client` (and so the
 * `@botpress/webchat` widget) speaks. `clientId` is the webhook id of the bot's chat integration:
 * the chat service serves it beside the chat API, over the same runtime data, in the web chat's
 * shapes (docs/contracts.md, "The web chat's API").
 */
export const WebchatOperations = defineOperations(
  'webchat',
  { service: 'chat', prefix: '/webchat/{clientId}', operationIdPrefix: 'webchat' },
  {
    initialize: {
      summary:
        'Open the web chat as server-sent events: first `init` (conversation, messages newest first, participants, user with its key; a new visitor gets a user, a conversation is created when none is named), then the live signals of the conversation',
      http: { method: 'GET', path: '/initialize' },
      query: InitializeQuery,
      access: { kind: 'chat-visitor' },
      stream: true,
      stability: 'experimental',
    },
    sendPerfMetrics: {
      summary: "The widget's performance report: accepted, logged at debug level",
      http: { method: 'POST', path: '/p' },
      body: PerfMetricsBody,
      access: { kind: 'chat-webhook' },
      stability: 'experimental',
    },

    createUser: {
      idempotent: true,
      summary: 'Create a web chat user and its key',
      http: { method: 'POST', path: '/users' },
      body: CreateWebchatUserBody,
      response: WebchatUserWithKeyResponse,
      access: { kind: 'chat-webhook' },
      stability: 'experimental',
    },
    generateUserKey: {
      summary: 'Issue a key for a user id of your own (needs the x-admin-secret header: the integration encryption key)',
      http: { method: 'POST', path: '/users/key' },
      body: GenerateUserKeyBody,
      response: WebchatKeyResponse,
      access: { kind: 'chat-admin' },
      stability: 'experimental',
    },
    getUser: {
      summary: 'Get the user of the key',
      http: { method: 'GET', path: '/users/me' },
      response: WebchatUserResponse,
      access: user,
      stability: 'experimental',
    },
    updateUser: {
      summary: 'Update the user of the key',
      http: { method: 'PUT', path: '/users/me' },
      body: UpdateWebchatUserBody,
      response: WebchatUserResponse,
      access: user,
      stability: 'experimental',
    },
    deleteUser: {
      summary: 'Delete the user of the key; its live streams end',
      http: { method: 'DELETE', path: '/users/me' },
      access: user,
      stability: 'experimental',
    },

    createConversation: {
      idempotent: true,
      summary: 'Create a conversation owned by the user',
      http: { method: 'POST', path: '/conversations' },
      body: CreateWebchatConversationBody,
      response: WebchatConversationResponse,
      access: user,
      stability: 'experimental',
    },
    listConversations: {
      summary: 'List the conversations the user takes part in',
      http: { method: 'GET', path: '/conversations' },
      query: PageQueryDto,
      response: ListWebchatConversationsResponse,
      access: user,
      stability: 'experimental',
    },
    getConversation: {
      summary: 'Get a conversation the user takes part in',
      http: { method: 'GET', path: '/conversations/{id}' },
      params: IdParams,
      response: WebchatConversationResponse,
      access: user,
      stability: 'experimental',
    },
    deleteConversation: {
      summary: 'Delete a conversation the user owns',
      http: { method: 'DELETE', path: '/conversations/{id}' },
      params: IdParams,
      access: user,
      stability: 'experimental',
    },
    listenConversation: {
      summary: 'The live signals of a conversation as server-sent events',
      http: { method: 'GET', path: '/conversations/{id}/listen' },
      params: IdParams,
      access: user,
      stream: true,
      stability: 'experimental',
    },
    listMessages: {
      summary: 'List the messages of a conversation, newest first',
      http: { method: 'GET', path: '/conversations/{id}/messages' },
      params: IdParams,
      query: PageQueryDto,
      response: ListWebchatMessagesResponse,
      access: user,
      stability: 'experimental',
    },

    addParticipant: {
      summary: 'Add a user to the conversation',
      http: { method: 'POST', path: '/conversations/{id}/participants' },
      params: IdParams,
      body: AddChatParticipantBody,
      response: WebchatParticipantResponse,
      access: user,
      stability: 'experimental',
    },
    listParticipants: {
      summary: 'List the participants of the conversation',
      http: { method: 'GET', path: '/conversations/{id}/participants' },
      params: IdParams,
      query: PageQueryDto,
      response: ListWebchatParticipantsResponse,
      access: user,
      stability: 'experimental',
    },
    getParticipant: {
      summary: 'Get a participant of the conversation',
      http: { method: 'GET', path: '/conversations/{id}/participants/{userId}' },
      params: ConversationParticipantParams,
      response: WebchatParticipantResponse,
      access: user,
      stability: 'experimental',
    },
    removeParticipant: {
      summary: 'Remove a participant (not the owner) from the conversation',
      http: { method: 'DELETE', path: '/conversations/{id}/participants/{userId}' },
      params: ConversationParticipantParams,
      access: user,
      stability: 'experimental',
    },

    createMessage: {
      idempotent: true,
      summary: 'Send a message in a conversation (its metadata travels inside the runtime payload)',
      http: { method: 'POST', path: '/messages' },
      body: CreateWebchatMessageBody,
      response: WebchatMessageResponse,
      access: user,
      stability: 'experimental',
    },
    getMessage: {
      summary: 'Get a message of a conversation the user takes part in',
      http: { method: 'GET', path: '/messages/{id}' },
      params: IdParams,
      response: WebchatMessageResponse,
      access: user,
      stability: 'experimental',
    },
    updateMessage: {
      summary: 'Replace the payload or the metadata of a message the user wrote',
      http: { method: 'PUT', path: '/messages/{id}' },
      params: IdParams,
      body: UpdateWebchatMessageBody,
      response: WebchatMessageResponse,
      access: user,
      stability: 'experimental',
    },
    deleteMessage: {
      summary: 'Delete a message the user wrote',
      http: { method: 'DELETE', path: '/messages/{id}' },
      params: IdParams,
      access: user,
      stability: 'experimental',
    },
    addMessageFeedback: {
      summary: 'Rate a message of the conversation',
      http: { method: 'PUT', path: '/messages/{id}/feedback' },
      params: IdParams,
      body: MessageFeedbackBody,
      access: user,
      stability: 'experimental',
    },
    removeMessageFeedback: {
      summary: 'Remove the rating of a message',
      http: { method: 'DELETE', path: '/messages/{id}/feedback' },
      params: IdParams,
      access: user,
      stability: 'experimental',
    },

    createEvent: {
      idempotent: true,
      summary: 'Send an event: a custom one, or conversation_started (answered with `data.status.isInitial`)',
      http: { method: 'POST', path: '/events' },
      body: CreateWebchatEventBody,
      response: WebchatEventResponse,
      access: user,
      stability: 'experimental',
    },
    getEvent: {
      summary: 'Get an event the user sent in a conversation they take part in',
      http: { method: 'GET', path: '/events/{id}' },
      params: IdParams,
      response: WebchatEventResponse,
      access: user,
      stability: 'experimental',
    },

    createFile: {
      summary: 'Upload a file: answered 501 until the platform has a files API',
      http: { method: 'POST', path: '/files' },
      access: user,
      stability: 'experimental',
    },
  },
);
