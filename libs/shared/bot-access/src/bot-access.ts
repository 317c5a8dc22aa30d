import { Errors } from '@platform/contracts';

/** An integration instance installed on the bot, as far as the runtime needs to know it. */
export interface IntegrationInstance {
  alias: string;
  integrationId: string;
}

/**
 * Who acts on a bot's data, once the runtime's access policy has checked them: the bot (its
 * code, a developer, an API key) or one of its integrations, possibly for an end user.
 */
export class BotAccess {
  constructor(
    readonly botId: string,
    /** The integration instance the request comes through, when it names one. */
    private readonly through: IntegrationInstance | undefined,
    /** Why no instance could be named, when the request asked for one that is not installed. */
    private readonly problem?: Error,
    /**
     * The end user an integration acts for (the chat integration acting for a chat user): they
     * may only reach the conversations they take part in, and see only those.
     */
    readonly actingUserId?: string,
  ) {}

  /** The integration instance named by the request, if it named one. */
  get integration(): IntegrationInstance | undefined {
    if (this.problem) throw this.problem;
    return this.through;
  }

  requireIntegration(): IntegrationInstance {
    const integration = this.integration;
    if (!integration) throw Errors.invalidPayload('The x-integration-id or x-integration-alias header is required');
    return integration;
  }
}
