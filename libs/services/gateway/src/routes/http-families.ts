import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiParam } from '@nestjs/swagger';
import { HttpCallers } from '@platform/auth';
import { AnyOperation, Caller, Family } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

export interface HttpFamily {
  /** The caller of a request, or a 401 when its credentials are missing. */
  caller(req: FastifyRequest, operation: AnyOperation): Caller;
  /** Path parameters that belong to the family's prefix (they name the caller, not the input). */
  prefixParams: string[];
  /** How the family's credentials appear in the OpenAPI document. */
  documentation(operation: AnyOperation): MethodDecorator;
}

/** The families whose caller acts on a bot (x-bot-id) with a token allowed on it: runtime, and files and tables, which take the runtime API's credentials. */
const ON_A_BOT: HttpFamily = {
  caller: (req) => HttpCallers.runtime(req.headers),
  prefixParams: [],
  documentation: () =>
    applyDecorators(
      ApiBearerAuth(),
      ApiHeader({ name: 'x-bot-id', required: true, description: 'Bot the request acts on' }),
      ApiHeader({ name: 'x-integration-id', required: false, description: 'Integration installed on the bot' }),
      ApiHeader({ name: 'x-integration-alias', required: false, description: 'Alias of the integration instance on the bot' }),
    ),
};

/** The families served over HTTP, each with its credential (docs/contracts.md, "Authentication"). */
export const HTTP_FAMILIES: Partial<Record<Family, HttpFamily>> = {
  files: ON_A_BOT,
  runtime: ON_A_BOT,
  tables: ON_A_BOT,
  admin: {
    caller: (req, operation) => HttpCallers.admin(req.headers, operation),
    prefixParams: [],
    documentation: (operation) =>
      applyDecorators(
        ApiBearerAuth(),
        ApiHeader({
          name: 'x-workspace-id',
          required: operation.access.kind === 'workspace' && !operation.access.fromPath,
          description: 'Workspace the request acts in (not read by operations on /workspaces/{id}, which act in the one of the path)',
        }),
      ),
  },
  chat: {
    caller: (req, operation) => HttpCallers.chat(req.headers, operation, String((req.params as Record<string, string>).webhookId)),
    prefixParams: ['webhookId'],
    documentation: (operation) =>
      applyDecorators(
        ApiParam({ name: 'webhookId', description: "Webhook id of the bot's chat integration" }),
        ApiHeader({ name: 'x-user-key', required: operation.access.kind === 'chat-user', description: 'Key of the chat user' }),
      ),
  },
  webchat: {
    // The web chat's client id is the webhook id of the bot's chat integration.
    caller: (req, operation) => HttpCallers.chat(req.headers, operation, String((req.params as Record<string, string>).clientId)),
    prefixParams: ['clientId'],
    documentation: (operation) =>
      applyDecorators(
        ApiParam({ name: 'clientId', description: "Webhook id of the bot's chat integration" }),
        ApiHeader({ name: 'x-user-key', required: operation.access.kind === 'chat-user', description: 'Key of the web chat user' }),
        ...(operation.access.kind === 'chat-admin'
          ? [ApiHeader({ name: 'x-admin-secret', required: true, description: "The chat integration's encryption key" })]
          : []),
      ),
  },
};
