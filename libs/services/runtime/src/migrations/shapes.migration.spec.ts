import { randomBytes } from 'node:crypto';
import { DataSource, QueryRunner } from 'typeorm';
import { createTestDatabase, dropTestDatabase } from '@platform/persistence';
import { RUNTIME_MIGRATIONS } from './index';
import { RuntimeShapes1733000000000 } from './1733000000000-runtime-shapes';

const SHAPES = RUNTIME_MIGRATIONS.indexOf(RuntimeShapes1733000000000);

const FLAT_ITEMS = [
  { type: 'text', text: 'one' },
  { type: 'image', imageUrl: 'https://example.com/two.png' },
];
const RUNTIME_ITEMS = [
  { type: 'text', payload: { text: 'one' } },
  { type: 'image', payload: { imageUrl: 'https://example.com/two.png' } },
];

/**
 * The migrations that move stored messages into the runtime's shapes, run on rows written in the
 * old ones: every message, and every event's copy of one, is converted, nothing is lost, and
 * `down` gives back exactly what was there.
 */
describe('the runtime shapes migrations', () => {
  const database = `bp_unit_shapes_${randomBytes(4).toString('hex')}`;
  let source: DataSource;
  let q: QueryRunner;

  const rows = async (sql: string) => (await q.query(sql)) as Record<string, any>[];

  beforeAll(async () => {
    source = new DataSource({ type: 'postgres', url: await createTestDatabase(database) });
    await source.initialize();
    q = source.createQueryRunner();
    await q.query(`CREATE SCHEMA "runtime"`);
    for (const Migration of RUNTIME_MIGRATIONS.slice(0, SHAPES)) await new Migration().up(q);

    const now = `'2026-11-20T00:00:00Z'`;
    await q.query(`INSERT INTO runtime.users (bot_id, id, profile, tags, created_at, updated_at) VALUES ('b', 'u', 'likes tea', '{}', ${now}, ${now})`);
    await q.query(`INSERT INTO runtime.conversations (bot_id, id, owner_id, tags, created_at, updated_at) VALUES ('b', 'c', 'u', '{}', ${now}, ${now})`);
    await q.query(
      `INSERT INTO runtime.messages (bot_id, id, conversation_id, user_id, direction, type, payload, metadata, tags, created_at, updated_at) VALUES
        ('b', 'm1', 'c', 'u', 'incoming', 'bloc', $1, '{"origin":"page"}', '{}', ${now}, ${now}),
        ('b', 'm2', 'c', 'u', 'incoming', 'text', '{"text":"plain"}', NULL, '{}', ${now}, ${now})`,
      [JSON.stringify({ items: FLAT_ITEMS })],
    );
    await q.query(
      `INSERT INTO runtime.events (bot_id, id, type, direction, conversation_id, payload, status, created_at) VALUES
        ('b', 'e1', 'message_created', 'incoming', 'c', $1, 'pending', ${now}),
        ('b', 'e2', 'custom', 'incoming', 'c', '{"metadata":{"kept":"as is"}}', 'pending', ${now})`,
      [JSON.stringify({ message: { id: 'm1', type: 'bloc', payload: { items: FLAT_ITEMS }, metadata: { origin: 'page' } }, conversation: { id: 'c' } })],
    );
    for (const Migration of RUNTIME_MIGRATIONS.slice(SHAPES)) await new Migration().up(q);
  });

  afterAll(async () => {
    await source?.destroy();
    await dropTestDatabase(database);
  });

  it('puts each message’s metadata inside its payload and its bloc items as { type, payload }', async () => {
    expect(await rows(`SELECT id, payload FROM runtime.messages ORDER BY id`)).toEqual([
      { id: 'm1', payload: { items: RUNTIME_ITEMS, metadata: { origin: 'page' } } },
      { id: 'm2', payload: { text: 'plain' } },
    ]);
    expect(await rows(`SELECT tags FROM runtime.users`)).toEqual([{ tags: { profile: 'likes tea' } }]);
    expect(await rows(`SELECT tags FROM runtime.conversations`)).toEqual([{ tags: { owner: 'u' } }]);
  });

  it('gives the messages that events carry the same shapes, and leaves other events alone', async () => {
    expect(await rows(`SELECT id, payload FROM runtime.events ORDER BY id`)).toEqual([
      {
        id: 'e1',
        payload: { message: { id: 'm1', type: 'bloc', payload: { items: RUNTIME_ITEMS, metadata: { origin: 'page' } } }, conversation: { id: 'c' } },
      },
      { id: 'e2', payload: { metadata: { kept: 'as is' } } },
    ]);
  });

  it('gives back exactly what was stored when run down', async () => {
    for (const Migration of RUNTIME_MIGRATIONS.slice(SHAPES).reverse()) await new Migration().down(q);
    expect(await rows(`SELECT id, payload, metadata FROM runtime.messages ORDER BY id`)).toEqual([
      { id: 'm1', payload: { items: FLAT_ITEMS }, metadata: { origin: 'page' } },
      { id: 'm2', payload: { text: 'plain' }, metadata: null },
    ]);
    expect((await rows(`SELECT payload FROM runtime.events WHERE id = 'e1'`))[0].payload.message).toEqual({
      id: 'm1',
      type: 'bloc',
      payload: { items: FLAT_ITEMS },
      metadata: { origin: 'page' },
    });
  });
});
