import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase, dropTestDatabase, ensureSchema, insertStatement, oneStatement, Statement } from '@platform/persistence';
import { EventEntity } from '../events/event.entity';
import { newEvent } from '../events/new-event';
import { RUNTIME_MIGRATIONS } from '../migrations';
import { enqueueLanesStatement } from './lanes';
import { Lane, MailboxesRepository } from './mailboxes.repository';

/** The delivery queue's rules on Postgres itself: what a dispatcher closing a lane leaves behind. */
describe('MailboxesRepository.close (on Postgres)', () => {
  const database = `bp_test_mailboxes_${randomBytes(4).toString('hex')}`;
  let dataSource: DataSource;
  let mailboxes: MailboxesRepository;
  const owner = 'dispatcher-a';
  const botId = 'bot_mailboxes';

  beforeAll(async () => {
    const url = await createTestDatabase(database);
    await ensureSchema(url, 'runtime');
    dataSource = new DataSource({ type: 'postgres', url, schema: 'runtime', entities: [EventEntity], migrations: RUNTIME_MIGRATIONS });
    await dataSource.initialize();
    await dataSource.runMigrations();
    mailboxes = new MailboxesRepository(dataSource);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await dropTestDatabase(database);
  });

  /** A new lane, leased by `owner` as a dispatcher leases it, with no event. */
  async function leasedLane(): Promise<Lane> {
    const lane = { botId, lane: `conv_${randomBytes(4).toString('hex')}` };
    await dataSource.query(
      `INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at", "lease_owner", "lease_until") VALUES ($1, $2, now(), $3, now() + interval '1 minute')`,
      [lane.botId, lane.lane, owner],
    );
    return lane;
  }

  /** What a message writer runs: the event and its lane queued, in one statement. */
  function writerStatement(lane: Lane): Statement {
    const event = newEvent({ botId, type: 'message_created', direction: 'incoming', conversationId: lane.lane, payload: {} });
    return oneStatement([insertStatement(dataSource.manager, EventEntity, [event]), enqueueLanesStatement([event])!]);
  }

  async function mailboxOf(lane: Lane): Promise<{ lease_owner: string | null; due: boolean } | undefined> {
    const rows = (await dataSource.query(
      `SELECT "lease_owner", "next_attempt_at" <= now() AS "due" FROM "runtime"."delivery_mailboxes" WHERE "bot_id" = $1 AND "lane" = $2`,
      [lane.botId, lane.lane],
    )) as Array<{ lease_owner: string | null; due: boolean }>;
    return rows[0];
  }

  it('removes the mailbox of a lane with nothing pending', async () => {
    const lane = await leasedLane();
    await mailboxes.close(owner, lane);
    expect(await mailboxOf(lane)).toBeUndefined();
  });

  it('gives back a lane with a pending event, due at once and leased no longer', async () => {
    const lane = await leasedLane();
    const { text, values } = writerStatement(lane);
    await dataSource.query(text, values);
    await mailboxes.close(owner, lane);
    expect(await mailboxOf(lane)).toEqual({ lease_owner: null, due: true });
  });

  it('keeps the lane of an event whose writer held the mailbox while the lane was being closed', async () => {
    const lane = await leasedLane();
    const writer = await dataSource.createQueryRunner();
    await writer.startTransaction();
    try {
      const { text, values } = writerStatement(lane);
      await writer.query(text, values);
      // The close waits for the writer's lock on the mailbox; the writer commits while it waits.
      const closing = mailboxes.close(owner, lane);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writer.commitTransaction();
      await closing;
    } finally {
      await writer.release();
    }
    expect(await mailboxOf(lane)).toEqual({ lease_owner: null, due: true });
  });

  it('leaves alone a lane another dispatcher holds', async () => {
    const lane = await leasedLane();
    await mailboxes.close('dispatcher-b', lane);
    expect(await mailboxOf(lane)).toEqual({ lease_owner: owner, due: true });
  });
});
