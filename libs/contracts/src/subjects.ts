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
      createConversation: 'runtime.chat.conversations.create',
      createMessage: 'runtime.chat.messages.create',
      getMessage: 'runtime.chat.messages.get',
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
    createConversation: 'chat.conversations.create',
    createMessage: 'chat.messages.create',
    getMessage: 'chat.messages.get',
  },
} as const;

export const SERVICES = ['runtime', 'admin', 'chat'] as const;
export type ServiceName = (typeof SERVICES)[number];
