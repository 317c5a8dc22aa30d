import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AdminCaller, ChatCaller, Errors, RuntimeCaller } from '@platform/contracts';
import { bearerToken, singleHeader } from './credentials';
import { hashSecret } from './secrets';

type HttpRequest = { headers: Record<string, string | string[] | undefined>; params: Record<string, string>; caller?: unknown };

const WORKSPACE_OPTIONAL = 'auth:workspace-optional';
const USER_KEY_OPTIONAL = 'auth:user-key-optional';

/** Admin operations that are not scoped to one workspace (account, workspace listing/creation). */
export const WorkspaceOptional = () => SetMetadata(WORKSPACE_OPTIONAL, true);
/** Chat operations that need no user (hello, createUser). */
export const UserKeyOptional = () => SetMetadata(USER_KEY_OPTIONAL, true);

/** The caller the family's guard put on the request. */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<HttpRequest>().caller);

const requestOf = (ctx: ExecutionContext) => ctx.switchToHttp().getRequest<HttpRequest>();
const optional = (reflector: Reflector, key: string, ctx: ExecutionContext) =>
  reflector.getAllAndOverride<boolean>(key, [ctx.getHandler(), ctx.getClass()]) === true;

/**
 * The gateway's guards only read credentials (401 when absent); the owning service verifies
 * them. Tokens are hashed here so that no service ever receives one in clear.
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = requestOf(ctx);
    const token = bearerToken(req.headers.authorization);
    const workspaceId = singleHeader(req.headers['x-workspace-id']);
    if (!workspaceId && !optional(this.reflector, WORKSPACE_OPTIONAL, ctx)) {
      throw Errors.unauthorized('The x-workspace-id header is required');
    }
    req.caller = { tokenHash: hashSecret(token), workspaceId } satisfies AdminCaller;
    return true;
  }
}

@Injectable()
export class RuntimeAuthGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const req = requestOf(ctx);
    const token = bearerToken(req.headers.authorization);
    const botId = singleHeader(req.headers['x-bot-id']);
    if (!botId) throw Errors.unauthorized('The x-bot-id header is required');
    req.caller = {
      tokenHash: hashSecret(token),
      botId,
      integrationId: singleHeader(req.headers['x-integration-id']),
      integrationAlias: singleHeader(req.headers['x-integration-alias']),
    } satisfies RuntimeCaller;
    return true;
  }
}

@Injectable()
export class ChatAuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = requestOf(ctx);
    const userKey = singleHeader(req.headers['x-user-key']);
    if (!userKey && !optional(this.reflector, USER_KEY_OPTIONAL, ctx)) {
      throw Errors.unauthorized('The x-user-key header is required');
    }
    req.caller = { webhookId: req.params.webhookId, userKey } satisfies ChatCaller;
    return true;
  }
}
