import 'reflect-metadata';
import { ApiError } from '../errors/api-error';
import { AdminOperations, ChatOperations, InternalOperations, RuntimeOperations } from './index';
import { validateEnvelope } from './envelope';

const tokenHash = 'a'.repeat(64);
const runtimeCaller = { tokenHash, botId: 'bot_1' };

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the envelope to be refused');
}

describe('validateEnvelope', () => {
  it('merges query, body and path parameters into checked class instances', () => {
    const { input } = validateEnvelope(RuntimeOperations.updateMessage, {
      requestId: 'r1',
      caller: runtimeCaller,
      params: { id: 'msg_1' },
      body: { tags: { a: 'b' } },
    });
    expect(input).toEqual({ id: 'msg_1', tags: { a: 'b' } });
  });

  it('lets the path name the resource when the body names another', () => {
    const { input } = validateEnvelope(AdminOperations.updateBot, {
      requestId: 'r1',
      caller: { tokenHash, workspaceId: 'w' },
      params: { id: 'bot_path' },
      body: {},
    });
    expect(input.id).toBe('bot_path');
  });

  it('refuses an envelope without a request id, or with a caller of the wrong form, as a 400', () => {
    expect(refusal(() => validateEnvelope(RuntimeOperations.getMessage, { caller: runtimeCaller, params: { id: 'm' } }))).toMatchObject({
      code: 400,
      message: expect.stringMatching(/requestId/),
    });
    expect(
      refusal(() => validateEnvelope(RuntimeOperations.getMessage, { requestId: 'r', caller: { tokenHash: 'plain-token', botId: 'b' }, params: { id: 'm' } })),
    ).toMatchObject({
      code: 400,
      message: expect.stringMatching(/caller/),
    });
    expect(refusal(() => validateEnvelope(RuntimeOperations.getMessage, 'not an object'))).toMatchObject({ code: 400 });
    expect(refusal(() => validateEnvelope(InternalOperations.purgeBot, { requestId: 'r', caller: runtimeCaller, body: { botId: 'b' } }))).toMatchObject({
      code: 400,
    });
  });

  it('refuses a service caller that names no known service', () => {
    expect(
      refusal(() => validateEnvelope(InternalOperations.purgeBot, { requestId: 'r', caller: { service: 'intruder' }, body: { botId: 'b' } })),
    ).toMatchObject({ code: 400 });
  });

  it('refuses unknown properties and wrong types in each section, naming them', () => {
    expect(
      refusal(() =>
        validateEnvelope(ChatOperations.createMessage, {
          requestId: 'r',
          caller: { webhookId: 'w' },
          body: { conversationId: 'c', payload: { type: 'text', text: 'x' }, extra: 1 },
        }),
      ).message,
    ).toMatch(/extra/);
    expect(refusal(() => validateEnvelope(InternalOperations.purgeBot, { requestId: 'r', caller: { service: 'admin' }, body: { botId: 42 } })).message).toMatch(
      /botId/,
    );
    expect(
      refusal(() => validateEnvelope(RuntimeOperations.getMessage, { requestId: 'r', caller: runtimeCaller, params: { id: 'm' }, body: { unexpected: true } }))
        .message,
    ).toMatch(/takes no body/);
  });

  it('keeps a message about many problems short', () => {
    const body = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`unknown${i}`, i]));
    const error = refusal(() => validateEnvelope(ChatOperations.createEvent, { requestId: 'r', caller: { webhookId: 'w' }, body }));
    expect(error.message.length).toBeLessThan(2000);
    expect(error.message).toMatch(/more problems/);
  });
});
