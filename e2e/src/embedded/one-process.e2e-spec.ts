import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@botpress/client';
import { Client as ChatClient } from '@botpress/chat';
import { Client as PgClient } from 'pg';
import { freePort, Mesh, until } from '@platform/testing';

/**
 * The one-process platform on its embedded database, as `npm start` runs it on a machine without
 * Postgres or NATS: a platform of this file's own, on its own data folder, restarted in the test.
 */
describe('the one-process platform on its embedded database', () => {
  const runId = randomBytes(4).toString('hex');
  const dataDir = join(tmpdir(), `bp-embedded-${runId}`);
  const logDir = join(tmpdir(), `bp-embedded-logs-${runId}`);
  const token = `bp_pat_embedded_${randomBytes(16).toString('hex')}`;
  let platform: Mesh;
  let port: number;
  let databasePort: number;

  // Its own folder and ports, whatever the run's own platform uses.
  const start = () =>
    Mesh.start(
      {
        databaseUrl: '',
        natsPrefix: `embedded_${runId}`,
        bootstrapToken: token,
        logDir,
        port,
        env: { DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(databasePort) },
      },
      ['platform'],
    );

  beforeAll(async () => {
    port = await freePort();
    databasePort = await freePort();
  });

  afterAll(async () => {
    await platform?.stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says first which mode runs and how to switch, and keeps every write across a restart', async () => {
    platform = await start();
    await until(() => platform.log('platform').includes('\n'));
    const first = JSON.parse(platform.log('platform').split('\n')[0]);
    expect(first).toMatchObject({ level: 'info', service: 'platform', mode: 'embedded' });
    expect(first.msg).toContain('DATA_DIR');
    expect(first.msg).toContain('set DATABASE_URL and NATS_URL');

    const { workspaces } = await new Client({ apiUrl: platform.url, token, retry: { retries: 0 } }).listWorkspaces({});
    const admin = new Client({ apiUrl: platform.url, token, workspaceId: workspaces[0].id, retry: { retries: 0 } });
    const { bot } = await admin.createBot({ name: 'kept across restarts' });
    const { bot: chatBot } = await admin.updateBot({ id: bot.id, integrations: { webchat: { integrationId: 'chat', enabled: true, configuration: {} } } });
    const chat = await ChatClient.connect({ apiUrl: `${platform.url}/chat/${chatBot.integrations.webchat.webhookId}` });
    const { conversation } = await chat.createConversation({});
    await chat.createMessage({ conversationId: conversation.id, payload: { type: 'text', text: 'remember me' } });

    // A clean stop (SIGTERM), then a start on the same folder.
    const stopped = await platform.stop('platform');
    expect(stopped).toEqual({ code: 0, forced: false });
    platform = await start();

    const { bot: again } = await admin.getBot({ id: bot.id });
    expect(again.name).toBe('kept across restarts');
    const chatAgain = await ChatClient.connect({ apiUrl: `${platform.url}/chat/${chatBot.integrations.webchat.webhookId}`, userKey: chat.user.key });
    const { messages } = await chatAgain.listMessages({ conversationId: conversation.id });
    expect(messages.map((m) => (m.payload as { text?: string }).text)).toEqual(['remember me']);
  });

  it('closes a connection idle in a transaction after 15 s, rolling it back, so that the others go on', async () => {
    const url = `postgres://postgres@127.0.0.1:${databasePort}/postgres`;
    const stuck = new PgClient({ connectionString: url });
    const other = new PgClient({ connectionString: url });
    await Promise.all([stuck.connect(), other.connect()]);
    const ended = new Promise<void>((resolve) => stuck.on('error', () => resolve()));
    try {
      await stuck.query('BEGIN');
      await stuck.query('CREATE TABLE public.never_committed (id int)');
      const started = Date.now();
      // Waits for the session the stuck transaction holds, then gets it.
      await other.query('SELECT 1');
      expect(Date.now() - started).toBeGreaterThanOrEqual(14000);
      await ended;
      const { rows } = await other.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'never_committed'`);
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await Promise.all([stuck.end().catch(() => undefined), other.end()]);
    }
  }, 40000);
});
