import { ChatConversationParams, ChatParticipantParams, IdParams } from '../dto/common/params.dto';
import { PageQueryDto } from '../dto/common/pagination.dto';
import {
  ChatConversationResponse,
  ChatMessageResponse,
  ChatUserResponse,
  ChatUserWithKeyResponse,
  CreateChatConversationBody,
  CreateChatMessageBody,
  CreateChatUserBody,
  UserProfileBody,
} from '../dto/chat/chat.dto';
import {
  AddChatParticipantBody,
  ChatEventResponse,
  ChatParticipantResponse,
  CreateChatEventBody,
  GetOrCreateChatConversationBody,
  ListChatConversationsResponse,
  ListChatMessagesResponse,
  ListChatParticipantsResponse,
} from '../dto/chat/chat-resources.dto';
import { defineOperations } from './operation';

const user = { kind: 'chat-user' } as const;

/**
 * The chat API (`/chat/{webhookId}/…`), what `@botpress/chat` speaks: end users of a bot's chat
 * integration, authenticated by their user key. The chat service serves it as the built-in chat
 * integration, on top of the runtime API.
 */
export const ChatOperations = defineOperations(
  'chat',
  { service: 'chat', prefix: '/chat/{webhookId}', operationIdPrefix: 'chat' },
  {
    hello: {
      summary: 'Check that the webhook serves the chat API',
      http: { method: 'GET', path: '/hello' },
      access: { kind: 'anyone' },
    },

    createUser: {
      idempotent: true,
      summary: 'Create a chat user and its key',
      http: { method: 'POST', path: '/users' },
      body: CreateChatUserBody,
      response: ChatUserWithKeyResponse,
      access: { kind: 'chat-webhook' },
    },
    getOrCreateUser: {
      summary: 'Get the user of the key, creating it on first use',
      http: { method: 'POST', path: '/users/get-or-create' },
      body: UserProfileBody,
      response: ChatUserResponse,
      access: user,
    },
    getUser: {
      summary: 'Get the user of the key',
      http: { method: 'GET', path: '/users/me' },
      response: ChatUserResponse,
      access: user,
    },
    updateUser: {
      summary: 'Update the user of the key',
      http: { method: 'PUT', path: '/users/me' },
      body: UserProfileBody,
      response: ChatUserResponse,
      access: user,
    },
    deleteUser: {
      summary: 'Delete the user of the key',
      http: { method: 'DELETE', path: '/users/me' },
      access: user,
    },

    createConversation: {
      idempotent: true,
      summary: 'Create a conversation owned by the user',
      http: { method: 'POST', path: '/conversations' },
      body: CreateChatConversationBody,
      response: ChatConversationResponse,
      access: user,
    },
    getOrCreateConversation: {
      summary: 'Get a conversation, creating it under this id if absent',
      http: { method: 'POST', path: '/conversations/get-or-create' },
      body: GetOrCreateChatConversationBody,
      response: ChatConversationResponse,
      access: user,
    },
    listConversations: {
      summary: 'List the conversations the user takes part in',
      http: { method: 'GET', path: '/conversations' },
      query: PageQueryDto,
      response: ListChatConversationsResponse,
      access: user,
    },
    getConversation: {
      summary: 'Get a conversation the user takes part in',
      http: { method: 'GET', path: '/conversations/{id}' },
      params: IdParams,
      response: ChatConversationResponse,
      access: user,
    },
    deleteConversation: {
      summary: 'Delete a conversation the user owns',
      http: { method: 'DELETE', path: '/conversations/{id}' },
      params: IdParams,
      access: user,
    },
    listenConversation: {
      summary:
        'Live signals of the conversation as server-sent events: message_created, message_deleted, event_created, participant_added, participant_removed',
      http: { method: 'GET', path: '/conversations/{id}/listen' },
      params: IdParams,
      access: user,
      stream: true,
    },

    addParticipant: {
      summary: 'Add a user to the conversation',
      http: { method: 'POST', path: '/conversations/{conversationId}/participants' },
      params: ChatConversationParams,
      body: AddChatParticipantBody,
      response: ChatParticipantResponse,
      access: user,
    },
    listParticipants: {
      summary: 'List the participants of the conversation',
      http: { method: 'GET', path: '/conversations/{conversationId}/participants' },
      params: ChatConversationParams,
      query: PageQueryDto,
      response: ListChatParticipantsResponse,
      access: user,
    },
    getParticipant: {
      summary: 'Get a participant of the conversation',
      http: { method: 'GET', path: '/conversations/{conversationId}/participants/{userId}' },
      params: ChatParticipantParams,
      response: ChatParticipantResponse,
      access: user,
    },
    removeParticipant: {
      summary: 'Remove a participant (not the owner) from the conversation',
      http: { method: 'DELETE', path: '/conversations/{conversationId}/participants/{userId}' },
      params: ChatParticipantParams,
      access: user,
    },

    createMessage: {
      idempotent: true,
      summary: 'Send a message in a conversation',
      http: { method: 'POST', path: '/messages' },
      body: CreateChatMessageBody,
      response: ChatMessageResponse,
      access: user,
    },
    getMessage: {
      summary: 'Get a message of a conversation the user takes part in',
      http: { method: 'GET', path: '/messages/{id}' },
      params: IdParams,
      response: ChatMessageResponse,
      access: user,
    },
    deleteMessage: {
      summary: 'Delete a message the user wrote',
      http: { method: 'DELETE', path: '/messages/{id}' },
      params: IdParams,
      access: user,
    },
    listMessages: {
      summary: 'List the messages of a conversation in creation order',
      http: { method: 'GET', path: '/conversations/{conversationId}/messages' },
      params: ChatConversationParams,
      query: PageQueryDto,
      response: ListChatMessagesResponse,
      access: user,
    },

    createEvent: {
      idempotent: true,
      summary: 'Send a custom event in a conversation',
      http: { method: 'POST', path: '/events' },
      body: CreateChatEventBody,
      response: ChatEventResponse,
      access: user,
    },
    getEvent: {
      summary: 'Get a custom event of a conversation the user takes part in',
      http: { method: 'GET', path: '/events/{id}' },
      params: IdParams,
      response: ChatEventResponse,
      access: user,
    },
  },
);
