import { AdminOperations, ApiError, ChatOperations } from '@platform/contracts';
import { HttpCallers } from './callers';
import { hashSecret } from './secrets';

function expectUnauthorized(run: () => unknown, message: RegExp) {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ApiError);
  expect(thrown).toMatchObject({ code: 401, type: 'Unauthorized' });
  expect((thrown as Error).message).toMatch(message);
}

describe('HttpCallers.admin', () => {
  it('carries the hashed token and the workspace, never the token', () => {
    const caller = HttpCallers.admin({ authorization: 'Bearer secret-token', 'x-workspace-id': 'wkspace_1' }, AdminOperations.getBot);
    expect(caller).toEqual({ tokenHash: hashSecret('secret-token'), workspaceId: 'wkspace_1' });
    expect(JSON.stringify(caller)).not.toContain('secret-token');
  });

  it('is 401 without a bearer token', () => {
    expectUnauthorized(() => HttpCallers.admin({ 'x-workspace-id': 'w' }, AdminOperations.getBot), /bearer/i);
    expectUnauthorized(() => HttpCallers.admin({ authorization: 'Basic abc', 'x-workspace-id': 'w' }, AdminOperations.getBot), /bearer/i);
  });

  it('is 401 without x-workspace-id only for operations in a workspace', () => {
    expectUnauthorized(() => HttpCallers.admin({ authorization: 'Bearer t' }, AdminOperations.getBot), /x-workspace-id/);
    expect(HttpCallers.admin({ authorization: 'Bearer t' }, AdminOperations.listWorkspaces)).toEqual({ tokenHash: hashSecret('t'), workspaceId: undefined });
  });
});

describe('HttpCallers.runtime', () => {
  it('carries the bot and integration headers', () => {
    const caller = HttpCallers.runtime({ authorization: 'Bearer t', 'x-bot-id': ' bot_1 ', 'x-integration-alias': 'webchat' });
    expect(caller).toEqual({ tokenHash: hashSecret('t'), botId: 'bot_1', integrationId: undefined, integrationAlias: 'webchat' });
  });

  it('is 401 without x-bot-id or a bearer token', () => {
    expectUnauthorized(() => HttpCallers.runtime({ authorization: 'Bearer t' }), /x-bot-id/);
    expectUnauthorized(() => HttpCallers.runtime({ 'x-bot-id': 'b' }), /bearer/i);
  });
});

describe('HttpCallers.chat', () => {
  it('needs a user key only where the operation acts as a user', () => {
    expectUnauthorized(() => HttpCallers.chat({}, ChatOperations.getUser, 'wh'), /x-user-key/);
    expect(HttpCallers.chat({}, ChatOperations.createUser, 'wh')).toEqual({ webhookId: 'wh', userKey: undefined });
    expect(HttpCallers.chat({ 'x-user-key': 'k' }, ChatOperations.getUser, 'wh')).toEqual({ webhookId: 'wh', userKey: 'k' });
  });
});
