import { connect, JSONCodec, NatsConnection } from 'nats';
import { AdminOperations, InternalOperations, RuntimeOperations } from '@platform/contracts';
import { createChatBot } from '@platform/testing';

const codec = JSONCodec<unknown>();

/**
 * The bus as another process on it would see it: every service validates each request's
 * envelope against the operation's contract, and answers a malformed or unauthorised one with
 * an error in the standard form instead of crashing or trusting what it was told.
 */
describe('the request envelope at each service', () => {
  let nc: NatsConnection;

  beforeAll(async () => {
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  });

  afterAll(() => nc.close());

  async function ask(subject: string, envelope: unknown): Promise<{ result?: unknown; error?: { type: string; code: number; message: string } }> {
    const reply = await nc.request(`${process.env.E2E_NATS_PREFIX}.${subject}`, codec.encode({ v: envelope }), { timeout: 5000 });
    return (codec.decode(reply.data) as { v: { result?: unknown; error?: { type: string; code: number; message: string } } }).v;
  }

  it('answers an envelope without request id or caller with a 400 naming the problem', async () => {
    const reply = await ask(RuntimeOperations.getMessage.subject, { params: { id: 'msg_1' } });
    expect(reply.error).toEqual({ type: 'InvalidPayload', code: 400, message: expect.stringMatching(/requestId/) });
  });

  it('answers a caller of the wrong form with a 400, before anything is looked up', async () => {
    const reply = await ask(AdminOperations.listBots.subject, { requestId: 'r1', caller: { tokenHash: 'not-a-hash', workspaceId: 'w' } });
    expect(reply.error).toMatchObject({ type: 'InvalidPayload', code: 400 });
  });

  it('answers a service that the operation does not name with 403', async () => {
    const reply = await ask(InternalOperations.purgeBot.subject, { requestId: 'r1', caller: { service: 'chat' }, body: { botId: 'someone-elses-bot' } });
    expect(reply.error).toMatchObject({ type: 'Forbidden', code: 403 });
  });

  it('answers a service acting for a bot without naming it with a 400', async () => {
    const reply = await ask(RuntimeOperations.listUsers.subject, { requestId: 'r1', caller: { service: 'chat' } });
    expect(reply.error).toMatchObject({ type: 'InvalidPayload', code: 400 });
  });

  it("keeps an integration acting for a user to that user: another user's conversation is 403", async () => {
    const bot = await createChatBot();
    const alice = await bot.chat.createUser({});
    const { conversation } = await bot.chat.createConversation({ 'x-user-key': alice.key });
    const caller = { service: 'chat', botId: bot.botId, integrationAlias: 'webchat', userId: 'mallory' };
    const reply = await ask(RuntimeOperations.listMessages.subject, { requestId: 'r1', caller, query: { conversationId: conversation.id } });
    expect(reply.error).toMatchObject({ type: 'Forbidden', code: 403 });
    const asAlice = await ask(RuntimeOperations.createMessage.subject, {
      requestId: 'r1',
      caller: { ...caller, userId: alice.user.id },
      body: { conversationId: conversation.id, userId: bot.botId, type: 'text', payload: { text: 'as the bot' }, tags: {} },
    });
    expect(asAlice.error).toMatchObject({ type: 'Forbidden', code: 403 });
  });
});
