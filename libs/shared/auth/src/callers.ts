import { AdminCaller, AnyOperation, ChatCaller, Errors, RuntimeCaller } from '@platform/contracts';
import { bearerToken, singleHeader } from './credentials';
import { hashSecret } from './secrets';

type Headers = Record<string, string | string[] | undefined>;

/**
 * The caller of an HTTP request, family by family, as the gateway forwards it. Only the
 * presence and form of credentials is checked here (401 when missing); the owning service
 * verifies them. Tokens are hashed at once, so no service ever receives one in clear.
 */
export const HttpCallers = {
  admin(headers: Headers, operation: AnyOperation): AdminCaller {
    const tokenHash = hashSecret(bearerToken(headers.authorization));
    const workspaceId = singleHeader(headers['x-workspace-id']);
    if (!workspaceId && operation.access.kind === 'workspace' && !operation.access.fromPath) throw Errors.unauthorized('The x-workspace-id header is required');
    return { tokenHash, workspaceId };
  },

  runtime(headers: Headers): RuntimeCaller {
    const tokenHash = hashSecret(bearerToken(headers.authorization));
    const botId = singleHeader(headers['x-bot-id']);
    if (!botId) throw Errors.unauthorized('The x-bot-id header is required');
    return {
      tokenHash,
      botId,
      integrationId: singleHeader(headers['x-integration-id']),
      integrationAlias: singleHeader(headers['x-integration-alias']),
    };
  },

  /** The chat API's caller, and the web chat's (which may add the integration's admin secret). */
  chat(headers: Headers, operation: AnyOperation, webhookId: string): ChatCaller {
    const userKey = singleHeader(headers['x-user-key']);
    if (!userKey && operation.access.kind === 'chat-user') throw Errors.unauthorized('The x-user-key header is required');
    const adminSecret = singleHeader(headers['x-admin-secret']);
    if (!adminSecret && operation.access.kind === 'chat-admin') throw Errors.unauthorized('The x-admin-secret header is required');
    return { webhookId, userKey, ...(adminSecret ? { adminSecretHash: hashSecret(adminSecret) } : {}) };
  },
};
