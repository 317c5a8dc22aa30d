import { randomBytes } from 'node:crypto';
import { AuthenticatedClient, Client as ChatClient } from '@botpress/chat';
import { ChatOperations } from '@platform/contracts';
import { createChatBot, describeOnMesh, e2e, freePort, Mesh, raw, recordSignals, sleep, until } from '@platform/testing';

describe('listenConversation (server-sent events)', () => {
  let apiUrl: string;
  let alice: AuthenticatedClient;
  let bob: AuthenticatedClient;

  beforeAll(async () => {
    ({ chatApiUrl: apiUrl } = await createChatBot());
    alice = await ChatClient.connect({ apiUrl });
    bob = await ChatClient.connect({ apiUrl });
  });

  it('delivers every signal kind in the form the client parses', async () => {
    const { conversation } = await alice.createConversation({});
    const listener = await alice.listenConversation({ id: conversation.id });
    const seen = recordSignals(listener);
    try {
      await alice.addParticipant({ conversationId: conversation.id, userId: bob.user.id });
      const { message } = await bob.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'hi' }, metadata: { m: 1 } });
      const { event } = await alice.createEvent({ conversationId: conversation.id, payload: { custom: true } });
      await bob.deleteMessage({ id: message.id });
      await alice.removeParticipant({ conversationId: conversation.id, userId: bob.user.id });
      await until(() => seen.length >= 5);

      expect(seen.map((s) => s.type)).toEqual(['participant_added', 'message_created', 'event_created', 'message_deleted', 'participant_removed']);
      expect(seen[0].data).toEqual({ conversationId: conversation.id, participantId: bob.user.id });
      const { message: stored } = await alice.getMessage({ id: message.id }).catch(() => ({ message }));
      expect(seen[1].data).toEqual({ ...stored, isBot: false });
      expect(seen[1].data.metadata).toEqual({ m: 1 });
      expect(seen[2].data).toEqual({ ...event, isBot: false });
      expect(seen[3].data).toEqual({ id: message.id, conversationId: conversation.id, userId: bob.user.id });
      expect(seen[4].data).toEqual({ conversationId: conversation.id, participantId: bob.user.id });
    } finally {
      await listener.disconnect();
    }
  });

  it('keeps an idle stream alive with comments and ping messages', async () => {
    const { conversation } = await alice.createConversation({});
    const text = await new Promise<string>((resolve, reject) => {
      const controller = new AbortController();
      let body = '';
      fetch(`${apiUrl}/conversations/${conversation.id}/listen`, { headers: { 'x-user-key': alice.user.key }, signal: controller.signal })
        .then(async (res) => {
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
          const reader = res.body!.getReader();
          setTimeout(() => controller.abort(), 1300);
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            body += Buffer.from(value).toString('utf8');
          }
        })
        .catch(() => resolve(body))
        .then(() => resolve(body), reject);
    });
    expect(text).toMatch(/^: keep-alive$/m);
    expect(text).toMatch(/^data: \{"type":"ping","data":\{\}\}$/m);
  });

  it('refuses listeners who are not participants (403), unknown conversations (404) and bad keys (401)', async () => {
    const { conversation } = await alice.createConversation({});
    await expect(bob.listenConversation({ id: conversation.id })).rejects.toBeDefined();
    const outsider = await raw('GET', `${new URL(apiUrl).pathname}/conversations/${conversation.id}/listen`, { headers: { 'x-user-key': bob.user.key } });
    expect(outsider.status).toBe(403);
    const unknown = await raw('GET', `${new URL(apiUrl).pathname}/conversations/nope/listen`, { headers: { 'x-user-key': alice.user.key } });
    expect(unknown.status).toBe(404);
    const badKey = await raw('GET', `${new URL(apiUrl).pathname}/conversations/${conversation.id}/listen`, { headers: { 'x-user-key': 'x.y.z' } });
    expect(badKey.status).toBe(401);
  });

  it('disconnects a listener whose user is removed, and it receives nothing more', async () => {
    const { conversation } = await alice.createConversation({});
    await alice.addParticipant({ conversationId: conversation.id, userId: bob.user.id });
    const bobListener = await bob.listenConversation({ id: conversation.id });
    const bobSeen = recordSignals(bobListener);
    const aliceListener = await alice.listenConversation({ id: conversation.id });
    const aliceSeen = recordSignals(aliceListener);
    try {
      await alice.removeParticipant({ conversationId: conversation.id, userId: bob.user.id });
      await until(() => bobSeen.some((s) => s.type === 'error'));
      expect(bobListener.status).toBe('disconnected');
      await alice.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'secret' } });
      await until(() => aliceSeen.some((s) => s.type === 'message_created'));
      await sleep(300);
      expect(bobSeen.filter((s) => s.type !== 'error').map((s) => s.type)).toEqual(['participant_removed']);
    } finally {
      await aliceListener.disconnect();
      await bobListener.disconnect();
    }
  });

  it('ends every stream of a deleted conversation', async () => {
    const { conversation } = await alice.createConversation({});
    const listener = await alice.listenConversation({ id: conversation.id });
    const seen = recordSignals(listener);
    await alice.deleteConversation({ id: conversation.id });
    await until(() => seen.some((s) => s.type === 'error'));
    expect(listener.status).toBe('disconnected');
  });

  describeOnMesh('with several chat replicas and a second gateway', () => {
    const mesh = Mesh.current();
    const replicas = [`chat#${randomBytes(2).toString('hex')}`, `chat#${randomBytes(2).toString('hex')}`];
    let secondGatewayUrl: string;
    const secondGateway = `gateway#${randomBytes(2).toString('hex')}`;

    beforeAll(async () => {
      for (const name of replicas) mesh.spawn('chat', name, { LOG_LEVEL: 'debug' });
      const port = await freePort();
      mesh.spawn('gateway', secondGateway, { PORT: String(port) });
      secondGatewayUrl = `http://127.0.0.1:${port}`;
      await until(() => replicas.every((name) => logOf(name).includes('Serving')), 30000);
      await until(() => logOf(secondGateway).includes('listening'), 30000);
    });

    afterAll(async () => {
      for (const name of [...replicas, secondGateway]) await mesh.stop(name);
    });

    const logOf = (name: string): string => mesh.log(name);

    it('delivers every signal to listeners on every gateway, whichever replica handled the write', async () => {
      const { conversation } = await alice.createConversation({});
      await alice.addParticipant({ conversationId: conversation.id, userId: bob.user.id });
      // Alice listens through the first gateway, Bob through the second.
      const aliceListener = await alice.listenConversation({ id: conversation.id });
      // The writes carry a request id of their own: the replicas serve other test files' writes too.
      const requestId = `listen-${randomBytes(6).toString('hex')}`;
      const headers = { 'x-request-id': requestId };
      const aliceWriting = await ChatClient.connect({ apiUrl, userKey: alice.user.key, headers });
      const bobOnSecond = await ChatClient.connect({ apiUrl: apiUrl.replace(e2e.url, secondGatewayUrl), userKey: bob.user.key, headers });
      const bobListener = await bobOnSecond.listenConversation({ id: conversation.id });
      const aliceSeen = recordSignals(aliceListener);
      const bobSeen = recordSignals(bobListener);
      try {
        const sent: string[] = [];
        for (let i = 0; i < 30; i++) {
          const writer = i % 2 === 0 ? aliceWriting : bobOnSecond;
          const { message } = await writer.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: `m${i}` } });
          sent.push(message.id);
        }
        await until(() => aliceSeen.length >= 30 && bobSeen.length >= 30, 10000);
        expect(aliceSeen.map((s) => s.data.id)).toEqual(sent);
        expect(bobSeen.map((s) => s.data.id)).toEqual(sent);
        // The extra replicas did serve some of these writes.
        await until(() => replicas.every((name) => mesh.handled(name, ChatOperations.createMessage.subject, requestId).length > 0), 5000);
      } finally {
        await aliceListener.disconnect();
        await bobListener.disconnect();
      }
    });
  });
});
