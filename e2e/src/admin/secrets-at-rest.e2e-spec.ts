import { Client as ChatClient } from '@botpress/chat';
import { createChatBot, e2e, sql } from '@platform/testing';

/** docs/contracts.md, "Authentication": tokens and keys are stored only as hashes or encrypted. */
describe('secrets at rest', () => {
  it('stores chat signing keys encrypted, configured or generated, and still signs with them', async () => {
    const configured = await createChatBot({ encryptionKey: 'a-configured-signing-key' });
    const generated = await createChatBot();
    const rows = await sql<{ webhook_id: string; sealed_key: string; configuration: Record<string, string> }>(
      `SELECT webhook_id, sealed_key, configuration FROM "admin"."bot_integrations" WHERE webhook_id = ANY($1)`,
      [[configured.webhookId, generated.webhookId]],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.sealed_key).toMatch(/^v1\./);
    const withKey = rows.find((r) => r.webhook_id === configured.webhookId)!;
    expect(withKey.configuration.encryptionKey).toMatch(/^v1\./);
    expect(JSON.stringify(withKey)).not.toContain('a-configured-signing-key');

    // Both still work: a self-signed key on the first, a platform-issued key on the second.
    const self = await ChatClient.connect({ apiUrl: configured.chatApiUrl, encryptionKey: 'a-configured-signing-key', userId: 'self-signed' });
    expect(self.user.id).toBe('self-signed');
    const issued = await ChatClient.connect({ apiUrl: generated.chatApiUrl });
    expect((await issued.getUser({})).user.id).toBe(issued.user.id);
    // The owner reads back the configuration it set.
    const { bot } = await configured.admin.getBot({ id: configured.botId });
    expect(bot.integrations.webchat.configuration).toEqual({ encryptionKey: 'a-configured-signing-key' });
  });

  it('stores tokens only as SHA-256 hashes', async () => {
    const rows = await sql<{ token_hash: string }>(`SELECT token_hash FROM "admin"."access_tokens"`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify(await sql(`SELECT * FROM "admin"."access_tokens"`));
    expect(dump).not.toContain(e2e.token);
  });
});
