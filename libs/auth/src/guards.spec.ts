import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiError } from '@platform/contracts';
import { AdminAuthGuard, ChatAuthGuard, RuntimeAuthGuard } from './guards';
import { hashSecret } from './secrets';

function contextFor(req: Record<string, unknown>, optional = false): { ctx: ExecutionContext; reflector: Reflector } {
  const ctx = {
    switchToHttp: () => ({ getRequest: () => req }),
    getHandler: () => () => undefined,
    getClass: () => class {},
  } as unknown as ExecutionContext;
  const reflector = { getAllAndOverride: () => optional } as unknown as Reflector;
  return { ctx, reflector };
}

function expectUnauthorized(run: () => unknown, message: RegExp) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 401, type: 'Unauthorized' });
    expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected a 401');
}

describe('AdminAuthGuard', () => {
  it('puts the hashed token and workspace on the request, never the token', () => {
    const req: Record<string, unknown> = { headers: { authorization: 'Bearer secret-token', 'x-workspace-id': 'wkspace_1' }, params: {} };
    const { ctx, reflector } = contextFor(req);
    expect(new AdminAuthGuard(reflector).canActivate(ctx)).toBe(true);
    expect(req.caller).toEqual({ tokenHash: hashSecret('secret-token'), workspaceId: 'wkspace_1' });
    expect(JSON.stringify(req.caller)).not.toContain('secret-token');
  });

  it('is 401 without a bearer token', () => {
    const { ctx, reflector } = contextFor({ headers: { 'x-workspace-id': 'w' }, params: {} });
    expectUnauthorized(() => new AdminAuthGuard(reflector).canActivate(ctx), /bearer/i);
    const basic = contextFor({ headers: { authorization: 'Basic abc', 'x-workspace-id': 'w' }, params: {} });
    expectUnauthorized(() => new AdminAuthGuard(basic.reflector).canActivate(basic.ctx), /bearer/i);
  });

  it('is 401 without x-workspace-id unless the operation is workspace-free', () => {
    const req = { headers: { authorization: 'Bearer t' }, params: {} };
    const strict = contextFor(req, false);
    expectUnauthorized(() => new AdminAuthGuard(strict.reflector).canActivate(strict.ctx), /x-workspace-id/);
    const free = contextFor(req, true);
    expect(new AdminAuthGuard(free.reflector).canActivate(free.ctx)).toBe(true);
  });
});

describe('RuntimeAuthGuard', () => {
  it('requires x-bot-id and reads the integration headers', () => {
    const req: Record<string, unknown> = {
      headers: { authorization: 'Bearer t', 'x-bot-id': 'bot', 'x-integration-alias': 'webchat' },
      params: {},
    };
    expect(new RuntimeAuthGuard().canActivate(contextFor(req).ctx)).toBe(true);
    expect(req.caller).toEqual({ tokenHash: hashSecret('t'), botId: 'bot', integrationAlias: 'webchat', integrationId: undefined });
    expectUnauthorized(() => new RuntimeAuthGuard().canActivate(contextFor({ headers: { authorization: 'Bearer t' }, params: {} }).ctx), /x-bot-id/);
  });
});

describe('ChatAuthGuard', () => {
  it('requires x-user-key except where optional, and takes the webhook from the path', () => {
    const req: Record<string, unknown> = { headers: { 'x-user-key': 'k' }, params: { webhookId: 'wh' } };
    const { ctx, reflector } = contextFor(req);
    expect(new ChatAuthGuard(reflector).canActivate(ctx)).toBe(true);
    expect(req.caller).toEqual({ webhookId: 'wh', userKey: 'k' });
    const missing = contextFor({ headers: {}, params: { webhookId: 'wh' } });
    expectUnauthorized(() => new ChatAuthGuard(missing.reflector).canActivate(missing.ctx), /x-user-key/);
    const optional = contextFor({ headers: {}, params: { webhookId: 'wh' } }, true);
    expect(new ChatAuthGuard(optional.reflector).canActivate(optional.ctx)).toBe(true);
  });
});
