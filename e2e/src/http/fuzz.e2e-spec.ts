import { Client as ChatClient } from '@botpress/chat';
import { client, createChatBot, raw, secondAccount, sql } from '@platform/testing';
import { fuzzOperations, FuzzTarget, malformedRequest, seededRandom } from '../support/fuzz-cases';

/**
 * Malformed requests to every operation of the OpenAPI document (docs/contracts.md, "Errors"):
 * each is answered with a 4xx in the standard error body, never a 5xx, and nothing stored
 * changes. `npm run fuzz` sends 10,000; the suite sends `FUZZ_COUNT` (a few hundred).
 */
const COUNT = Number(process.env.FUZZ_COUNT ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const CONCURRENCY = 8;

describe(`fuzzing every operation (${COUNT} malformed requests, seed ${SEED})`, () => {
  let target: FuzzTarget;

  beforeAll(async () => {
    const owner = await secondAccount();
    const bot = await createChatBot({}, 'fuzzed');
    const admin = client({ token: owner.token, workspaceId: owner.workspaceId });
    // The fuzzer's own bot, in its own workspace, with a few resources to aim at.
    const { bot: own } = await admin.createBot({ name: 'fuzz target' });
    await admin.updateBot({ id: own.id, integrations: { webchat: { integrationId: 'chat', enabled: true } } as never });
    const webhookId = ((await admin.getBot({ id: own.id })).bot.integrations as Record<string, { webhookId: string }>).webchat.webhookId;
    const user = await ChatClient.connect({ apiUrl: `${process.env.E2E_URL}/chat/${webhookId}` });
    const { conversation } = await user.createConversation({});
    const { message } = await user.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'fuzz' } });
    target = {
      token: owner.token,
      workspaceId: owner.workspaceId,
      botId: own.id,
      webhookId,
      userKey: user.user.key,
      existingIds: [own.id, conversation.id, message.id, user.user.id, owner.workspaceId, bot.botId],
    };
  });

  /** What the fuzzer's workspace and bot hold, row by row. */
  async function snapshot(): Promise<string> {
    const runtimeTables = await sql<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = 'runtime' AND column_name = 'bot_id' ORDER BY table_name`,
    );
    const parts: unknown[] = [];
    for (const { table_name } of runtimeTables) {
      // Bot logs record deliveries, which go on by themselves; they are not the fuzzer's doing.
      if (table_name === 'bot_logs') continue;
      // Nor are a delivery lane's lease and next attempt (the message's lane is parked once its
      // delivery finds no url, maybe while the fuzzer runs): of a lane, only that it is there counts.
      const columns = table_name === 'delivery_mailboxes' ? '"bot_id", "lane"' : '*';
      parts.push(table_name, await sql(`SELECT ${columns} FROM runtime."${table_name}" WHERE bot_id = $1 ORDER BY 1, 2`, [target.botId]));
    }
    parts.push(await sql(`SELECT * FROM admin.bots WHERE workspace_id = $1 ORDER BY id`, [target.workspaceId]));
    parts.push(await sql(`SELECT id, role, account_id, invited_email FROM admin.workspace_members WHERE workspace_id = $1 ORDER BY id`, [target.workspaceId]));
    parts.push(await sql(`SELECT id, action FROM admin.audit_records WHERE workspace_id = $1 ORDER BY id`, [target.workspaceId]));
    parts.push(await sql(`SELECT * FROM admin.workspaces WHERE id = $1`, [target.workspaceId]));
    return JSON.stringify(parts);
  }

  it('answers each with a 4xx in the standard error body and changes nothing', async () => {
    const before = await snapshot();
    const random = seededRandom(SEED);
    const operations = fuzzOperations().filter((op) => op.family !== 'other');
    const requests = Array.from({ length: COUNT }, () => malformedRequest(operations[Math.floor(random() * operations.length)], target, random));
    const wrong: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const request = requests[next++];
          const res = await raw(request.method, request.path, { headers: request.headers, body: request.body });
          const body = res.json as { id?: unknown; code?: unknown; type?: unknown; message?: unknown } | undefined;
          const standard = body && typeof body.id === 'string' && body.code === res.status && typeof body.type === 'string' && typeof body.message === 'string';
          if (res.status < 400 || res.status >= 500 || !standard) {
            wrong.push(`${request.strategy}: ${request.method} ${request.path.slice(0, 120)} → ${res.status} ${res.text.slice(0, 200)}`);
          }
        }
      }),
    );
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
