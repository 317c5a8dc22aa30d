/**
 * NATS subject names of every operation, without the deployment prefix (the bus adds it).
 * The first segment is the owning service, which is also its queue group.
 */
export const Subjects = {
  health: (service: string) => `${service}.health`,
  runtime: {
    configureIntegration: 'runtime.integrations.configure',
    listIntegrationSettings: 'runtime.integrations.list-settings',
    chat: {
      getOrCreateUser: 'runtime.chat.users.get-or-create',
      createUser: 'runtime.chat.users.create',
      getUser: 'runtime.chat.users.get',
      updateUser: 'runtime.chat.users.update',
      deleteUser: 'runtime.chat.users.delete',
      createConversation: 'runtime.chat.conversations.create',
      getConversation: 'runtime.chat.conversations.get',
      getOrCreateConversation: 'runtime.chat.conversations.get-or-create',
      listConversations: 'runtime.chat.conversations.list',
      deleteConversation: 'runtime.chat.conversations.delete',
      addParticipant: 'runtime.chat.participants.add',
      getParticipant: 'runtime.chat.participants.get',
      listParticipants: 'runtime.chat.participants.list',
      removeParticipant: 'runtime.chat.participants.remove',
      createMessage: 'runtime.chat.messages.create',
      getMessage: 'runtime.chat.messages.get',
      listMessages: 'runtime.chat.messages.list',
      deleteMessage: 'runtime.chat.messages.delete',
      createEvent: 'runtime.chat.events.create',
      getEvent: 'runtime.chat.events.get',
    },
  },
  admin: {
    listWorkspaces: 'admin.workspaces.list',
    createBot: 'admin.bots.create',
    getBot: 'admin.bots.get',
    listBots: 'admin.bots.list',
    updateBot: 'admin.bots.update',
    deleteBot: 'admin.bots.delete',
    authorizeRuntime: 'admin.access.authorize-runtime',
    resolveWebhook: 'admin.access.resolve-webhook',
  },
  chat: {
    hello: 'chat.hello',
    createUser: 'chat.users.create',
    getOrCreateUser: 'chat.users.get-or-create',
    getUser: 'chat.users.get',
    updateUser: 'chat.users.update',
    deleteUser: 'chat.users.delete',
    createConversation: 'chat.conversations.create',
    getConversation: 'chat.conversations.get',
    getOrCreateConversation: 'chat.conversations.get-or-create',
    listConversations: 'chat.conversations.list',
    deleteConversation: 'chat.conversations.delete',
    listenConversation: 'chat.conversations.listen',
    addParticipant: 'chat.participants.add',
    getParticipant: 'chat.participants.get',
    listParticipants: 'chat.participants.list',
    removeParticipant: 'chat.participants.remove',
    createMessage: 'chat.messages.create',
    getMessage: 'chat.messages.get',
    listMessages: 'chat.messages.list',
    deleteMessage: 'chat.messages.delete',
    createEvent: 'chat.events.create',
    getEvent: 'chat.events.get',
  },
  /** Live signals of one conversation, published by the runtime to every listener (fan-out). */
  signals: (botId: string, conversationId: string) => `signals.${botId}.${conversationId}`,
} as const;

export const SERVICES = ['runtime', 'admin', 'chat'] as const;
export type ServiceName = (typeof SERVICES)[number];
