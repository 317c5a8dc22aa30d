import { randomBytes } from 'node:crypto';
import { Client } from '@botpress/client';
import { client, OwnMesh, raw, sleep, until } from '@platform/testing';

/** A bot with a conversation on a mesh of a test's own. */
export async function ownChatBot(own: OwnMesh, url?: string): Promise<{ botId: string; conversationId: string; webhookId: string; runtime: Client }> {
  const { workspaces } = await client({ apiUrl: own.mesh.url, token: own.token }).listWorkspaces({});
  const admin = client({ apiUrl: own.mesh.url, token: own.token, workspaceId: workspaces[0].id });
  const { bot } = await admin.createBot({ name: 'reliability' });
  const { bot: withChat } = await admin.updateBot({ id: bot.id, url, integrations: { webchat: { integrationId: 'chat', enabled: true } } as never });
  const runtime = client({ apiUrl: own.mesh.url, token: own.token, botId: bot.id });
  const { conversation } = await runtime.createConversation({ channel: 'channel', tags: {} });
  return {
    botId: bot.id,
    conversationId: conversation.id,
    webhookId: (withChat.integrations as Record<string, { webhookId: string }>).webchat.webhookId,
    runtime,
  };
}

/**
 * Writes messages one after another, each under its own `Idempotency-Key`, and keeps count of
 * what was acknowledged, what was refused with 503 (to be retried with the same key), and any
 * other answer (which the tests forbid).
 */
export class MessageWriter {
  readonly acknowledged: string[] = [];
  readonly unanswered = new Set<string>();
  refusedDuringOutage = 0;
  readonly otherFailures: string[] = [];
  private running = false;
  private loop?: Promise<void>;
  private readonly prefix = randomBytes(4).toString('hex');

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly botId: string,
    private readonly conversationId: string,
  ) {}

  start(): void {
    this.running = true;
    this.loop = (async () => {
      for (let n = 0; this.running; n++) {
        await this.write(`${this.prefix}-${n}`);
        await sleep(20);
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /**
   * Retries every write that got no answer, with its key, until each is acknowledged; then
   * answers what was acknowledged and what the conversation holds, both sorted.
   */
  async settle(deadlineMs = 30000): Promise<{ acknowledged: string[]; stored: string[] }> {
    const deadline = Date.now() + deadlineMs;
    while (this.unanswered.size > 0 && Date.now() < deadline) {
      for (const text of [...this.unanswered]) await this.write(text);
      if (this.unanswered.size > 0) await sleep(250);
    }
    const runtime = client({ apiUrl: this.url, token: this.token, botId: this.botId });
    const messages = await runtime.list.messages({ conversationId: this.conversationId }).collect();
    const stored = messages.map((m) => String(m.payload.text)).filter((text) => text.startsWith(this.prefix));
    return { acknowledged: [...this.acknowledged].sort(), stored: stored.sort() };
  }

  private async write(text: string): Promise<void> {
    try {
      const res = await raw('POST', `${this.url}/v1/chat/messages`, {
        headers: { authorization: `Bearer ${this.token}`, 'x-bot-id': this.botId, 'content-type': 'application/json', 'idempotency-key': text },
        body: JSON.stringify({ conversationId: this.conversationId, userId: this.botId, type: 'text', payload: { text }, tags: {} }),
      });
      if (res.status === 200) {
        this.unanswered.delete(text);
        this.acknowledged.push(text);
      } else if (res.status === 503 || (res.status === 409 && res.json?.type === 'ResourceLockedConflict')) {
        this.refusedDuringOutage++;
        this.unanswered.add(text);
      } else {
        this.otherFailures.push(`${res.status} ${res.text}`);
      }
    } catch (error) {
      // The connection itself failed (the gateway restarting): the write may or may not be stored.
      this.refusedDuringOutage++;
      this.unanswered.add(text);
      void error;
    }
  }
}

/**
 * Writes under load through an outage: `breakIt` takes something down, `duringOutage` checks
 * how the platform answers meanwhile, `restore` brings it back. Afterwards every write is
 * retried with its key until answered, and the conversation must hold exactly the acknowledged
 * writes: none lost, none twice.
 */
export async function writeThroughOutage(
  own: OwnMesh,
  bot: { botId: string; conversationId: string },
  outage: { breakIt: () => Promise<void>; duringOutage: () => Promise<void>; restore: () => Promise<void> },
): Promise<void> {
  const writer = new MessageWriter(own.mesh.url, own.token, bot.botId, bot.conversationId);
  writer.start();
  try {
    await sleep(1500);
    const beforeOutage = writer.acknowledged.length;
    expect(beforeOutage).toBeGreaterThan(0);
    await outage.breakIt();
    try {
      await outage.duringOutage();
    } finally {
      await outage.restore();
      await own.mesh.waitHealthy(undefined, 30000);
    }
    // Writes are acknowledged again once the outage is over (the first may still wait out a
    // request timeout begun during the outage, and a busy machine is slow to warm a new replica).
    const afterRecovery = writer.acknowledged.length;
    await until(() => writer.acknowledged.length > afterRecovery, 10000).catch(() => undefined);
    expect(writer.acknowledged.length).toBeGreaterThan(afterRecovery);
  } finally {
    await writer.stop();
  }
  const { acknowledged, stored } = await writer.settle();
  expect(stored).toEqual(acknowledged);
  expect(writer.otherFailures).toEqual([]);
}
