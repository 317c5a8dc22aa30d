import { connect, JSONCodec } from 'nats';
import { Pool } from 'pg';

/*
 * The raw hop's service: answers `<prefix>.raw.get` with one row read by primary key, as plainly
 * as Node, `nats` and `pg` allow. The anchor the platform's hot paths are measured against.
 */
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  await pool.query('CREATE TABLE IF NOT EXISTS raw_items (id text PRIMARY KEY, payload jsonb NOT NULL)');
  await pool.query(
    `INSERT INTO raw_items SELECT 'item_' || n, jsonb_build_object('text', 'hello ' || n, 'n', n) FROM generate_series(1, 1000) n ON CONFLICT DO NOTHING`,
  );
  const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  const codec = JSONCodec<{ id: string }>();
  const subscription = nc.subscribe(`${process.env.NATS_PREFIX}.raw.get`, { queue: 'raw' });
  process.stdout.write('ready\n');
  for await (const message of subscription) {
    const { id } = codec.decode(message.data);
    pool.query('SELECT id, payload FROM raw_items WHERE id = $1', [id]).then(
      ({ rows }) => message.respond(JSONCodec().encode(rows[0] ?? null)),
      () => message.respond(JSONCodec().encode(null)),
    );
  }
}

void main();
