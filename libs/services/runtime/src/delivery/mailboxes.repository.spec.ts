import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { executedPlan, insertStatement, suiteDatabase, oneStatement, PlanNode, RequestTransactions, Statement } from '@platform/persistence';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { newEvent } from '../events/new-event';
import { RUNTIME_MIGRATIONS } from '../migrations';
import { enqueueLanesStatement, LaneLease, lockOrder, mailboxesLockedInOrder } from './lanes';
import { Lane, MailboxesRepository, STEPPED_BOTS } from './mailboxes.repository';

/** The delivery queue's rules on Postgres itself: what a dispatcher leases, and what closing a lane leaves behind. */
describe('MailboxesRepository (on Postgres)', () => {
  const database = suiteDatabase('mailboxes', { schema: 'runtime', entities: [EventEntity], migrations: RUNTIME_MIGRATIONS });
  let dataSource: DataSource;
  let mailboxes: MailboxesRepository;
  const owner = 'dispatcher-a';
  const botId = 'bot_mailboxes';

  beforeAll(async () => {
    dataSource = await database.open();
    mailboxes = new MailboxesRepository(dataSource);
  });

  afterAll(() => database.close());

  /** A new lane, leased by `owner` as a dispatcher leases it, with no event. */
  async function leasedLane(): Promise<Lane> {
    const lane = { botId, lane: `conv_${randomBytes(4).toString('hex')}` };
    await dataSource.query(
      `INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at", "lease_owner", "lease_until") VALUES ($1, $2, now(), $3, now() + interval '1 minute')`,
      [lane.botId, lane.lane, owner],
    );
    return lane;
  }

  /** What a message writer writes of its event: the event, and its lane queued (under a lease if given). */
  function writerParts(lane: Lane, lease?: LaneLease): [Statement, Statement] {
    const event = newEvent({ botId, type: 'message_created', direction: 'incoming', conversationId: lane.lane, payload: {} });
    return [insertStatement(dataSource.manager, EventEntity, [event]), enqueueLanesStatement([event], { lease })!];
  }

  /** The same, in one statement. */
  function writerStatement(lane: Lane): Statement {
    return oneStatement(writerParts(lane));
  }

  /** The same, answering whether it opened the lane. */
  async function writeOpening(lane: Lane, lease?: LaneLease): Promise<boolean> {
    const { text, values } = oneStatement(writerParts(lane, lease), { text: 'SELECT "opened" FROM w1', values: [] });
    const rows = (await dataSource.query(text, values)) as Array<{ opened: boolean }>;
    return rows[0].opened;
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

  // Its writer wakes the dispatchers only for a lane it opened (MessageWriter).
  it('says, without a lease too, whether the write opened the lane or found it queued', async () => {
    const lane = { botId, lane: `conv_${randomBytes(4).toString('hex')}` };
    expect(await writeOpening(lane)).toBe(true);
    expect(await writeOpening(lane)).toBe(false);
    expect(await mailboxOf(lane)).toEqual({ lease_owner: null, due: true });
  });

  it('leaves alone a lane another dispatcher holds', async () => {
    const lane = await leasedLane();
    await mailboxes.close('dispatcher-b', lane);
    expect(await mailboxOf(lane)).toEqual({ lease_owner: owner, due: true });
  });

  describe('a write that opens its lane under a lease', () => {
    const lease = { owner: 'dispatcher-writer', ms: 60_000 };

    const writeLeased = (lane: Lane) => writeOpening(lane, lease);

    it('opens a lane that had no mailbox, leased to the writer and due', async () => {
      const lane = { botId, lane: `conv_${randomBytes(4).toString('hex')}` };
      expect(await writeLeased(lane)).toBe(true);
      expect(await mailboxOf(lane)).toEqual({ lease_owner: lease.owner, due: true });
      // Leased: no dispatcher claims it.
      expect((await mailboxes.claim(owner, 1000, 1000, 60_000, new Map())).filter((l) => l.lane === lane.lane)).toEqual([]);
    });

    it("leaves a lane's mailbox as it was, held or waiting, and says it did not open it", async () => {
      const held = await leasedLane();
      expect(await writeLeased(held)).toBe(false);
      expect(await mailboxOf(held)).toEqual({ lease_owner: owner, due: true });
      const waiting = { botId, lane: `conv_${randomBytes(4).toString('hex')}` };
      const { text, values } = writerStatement(waiting);
      await dataSource.query(text, values);
      expect(await writeLeased(waiting)).toBe(false);
      expect(await mailboxOf(waiting)).toEqual({ lease_owner: null, due: true });
    });
  });

  describe('closing a lane with the write that marks its event delivered', () => {
    const events = () => new EventsRepository(dataSource.getRepository(EventEntity));

    /** A leased lane with `count` pending events, oldest first. */
    async function laneWithEvents(count: number): Promise<{ lane: Lane; written: EventEntity[] }> {
      const lane = await leasedLane();
      const written: EventEntity[] = [];
      for (let i = 0; i < count; i++) {
        const event = newEvent({ botId, type: 'message_created', direction: 'incoming', conversationId: lane.lane, payload: { i } });
        event.createdAt = new Date(Date.now() - 1000 + i);
        await events().insert(event);
        written.push(event);
      }
      return { lane, written };
    }

    const settle = (lane: Lane, event: EventEntity) =>
      events().markProcessed(event, [], { lane: lane.lane, closing: mailboxes.closeStatement(owner, lane, event.id) });

    it("answers the lane's next event and keeps its mailbox while one is pending", async () => {
      const { lane, written } = await laneWithEvents(2);
      const after = await settle(lane, written[0]);
      expect(after).toEqual({ next: expect.objectContaining({ id: written[1].id, status: 'pending' }), closed: false });
      expect(await mailboxOf(lane)).toEqual({ lease_owner: owner, due: true });
    });

    it("reads the lane's next event from the index in delivery order, however many are pending", async () => {
      const { lane, written } = await laneWithEvents(300);
      // A scheduled event takes its place by its due time, ahead of events written before it fell due.
      await dataSource.query(`UPDATE "runtime"."events" SET "scheduled_for" = now() - interval '1 hour' WHERE "bot_id" = $1 AND "id" = $2`, [
        botId,
        written[150].id,
      ]);
      await dataSource.query('ANALYZE "runtime"."events"');
      const nodes = await executedPlan(dataSource, events().nextPendingStatement(botId, lane.lane));
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
      expect(nodes.filter((n) => n['Relation Name'] === 'events').map((n) => [n['Index Name'], n['Actual Rows']])).toEqual([['events_pending', 1]]);
      expect((await events().nextPending(botId, lane.lane))?.id).toBe(written[150].id);
    });

    it('checks that nothing else is pending in the lane through the index, even where the statistics say many events are pending', async () => {
      await laneWithEvents(300);
      const { lane, written } = await laneWithEvents(1);
      await dataSource.query('ANALYZE "runtime"."events"');
      const nodes = await executedPlan(dataSource, mailboxes.closeStatement(owner, lane, written[0].id), true);
      const readsOfEvents = nodes.filter((n) => n['Relation Name'] === 'events');
      expect(readsOfEvents.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Index Scan', 'events_pending']]);
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    });

    it("removes the mailbox with the lane's last event", async () => {
      const { lane, written } = await laneWithEvents(1);
      expect(await settle(lane, written[0])).toEqual({ next: null, closed: true });
      expect(await mailboxOf(lane)).toBeUndefined();
      expect((await events().find(botId, written[0].id))?.status).toBe('processed');
    });

    it('keeps the mailbox when a writer queued an event while the delivered one was being settled', async () => {
      const { lane, written } = await laneWithEvents(1);
      const writer = await dataSource.createQueryRunner();
      await writer.startTransaction();
      let after;
      try {
        const { text, values } = writerStatement(lane);
        await writer.query(text, values);
        const settling = settle(lane, written[0]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await writer.commitTransaction();
        after = await settling;
      } finally {
        await writer.release();
      }
      // The writer's event was not in the statement's snapshot: no next event, and the lane stays for it.
      expect(after).toEqual({ next: null, closed: false });
      expect(await mailboxOf(lane)).toEqual({ lease_owner: owner, due: true });
      expect((await events().find(botId, written[0].id))?.status).toBe('processed');
    });
    it('settles events of several lanes in one statement, each lane answered as if alone, in any order without deadlocks', async () => {
      const lanes = await Promise.all([2, 1, 3].map((count) => laneWithEvents(count)));
      const delivered = (i: number) => ({
        event: lanes[i].written[0],
        alongside: [],
        lane: { lane: lanes[i].lane.lane, closing: mailboxes.closeStatement(owner, lanes[i].lane, lanes[i].written[0].id) },
      });
      expect(await events().markProcessedAll([0, 1, 2].map(delivered))).toEqual([
        { next: expect.objectContaining({ id: lanes[0].written[1].id }), closed: false },
        { next: null, closed: true },
        { next: expect.objectContaining({ id: lanes[2].written[1].id }), closed: false },
      ]);
      expect(await mailboxOf(lanes[1].lane)).toBeUndefined();
      expect(await mailboxOf(lanes[0].lane)).toEqual({ lease_owner: owner, due: true });

      // Lanes given in opposite orders at once, each statement closing them all: their mailboxes are taken in one order.
      const emptied = await Promise.all(Array.from({ length: 16 }, () => laneWithEvents(1)));
      const closing = (order: typeof emptied) =>
        events().markProcessedAll(
          order.map(({ lane, written }) => ({
            event: written[0],
            alongside: [],
            lane: { lane: lane.lane, closing: mailboxes.closeStatement(owner, lane, written[0].id) },
          })),
        );
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => closing(i % 2 ? emptied : [...emptied].reverse())));
      expect(results.flat().filter((after) => after.closed)).toHaveLength(16);
      for (const { lane } of emptied) expect(await mailboxOf(lane)).toBeUndefined();
    });
  });

  describe('claim', () => {
    /** `count` due lanes of a new bot, leased by nobody. */
    async function dueLanes(count: number): Promise<string> {
      const bot = `bot_claim_${randomBytes(4).toString('hex')}`;
      for (let i = 0; i < count; i++) {
        await dataSource.query(
          `INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at") VALUES ($1, $2, now() - $3 * interval '1 millisecond')`,
          [bot, `conv_${i}`, count - i],
        );
      }
      return bot;
    }

    /** Only lanes of `bots`: other tests' lanes share the table. */
    async function claimOf(bots: string[], limit: number, perBot: number, busy = new Map<string, number>()): Promise<Lane[]> {
      const others = (await dataSource.query(`SELECT DISTINCT "bot_id" FROM "runtime"."delivery_mailboxes" WHERE NOT ("bot_id" = ANY($1))`, [bots])) as Array<{
        bot_id: string;
      }>;
      // The other tests' bots are made to look saturated, so the claim sees only these.
      const skipped = new Map([...busy, ...others.map((o) => [o.bot_id, perBot] as const)]);
      return mailboxes.claim(owner, limit, perBot, 60_000, skipped);
    }

    /** `count` bots whose only lane waits out a retry's backoff (not due); answers the prefix of their ids. */
    async function waitingBots(count: number): Promise<string> {
      const prefix = `bot_waiting_${randomBytes(4).toString('hex')}_`;
      await dataSource.query(
        `INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at") SELECT $1 || g, 'conv_1', now() + interval '1 hour' FROM generate_series(1, $2::int) g`,
        [prefix, count],
      );
      return prefix;
    }

    /** Removes the mailboxes of the bots `waitingBots` added under `prefix`. */
    async function removeBots(prefix: string): Promise<void> {
      await dataSource.query(`DELETE FROM "runtime"."delivery_mailboxes" WHERE "bot_id" LIKE $1 || '%'`, [prefix]);
    }

    // A claim finds the bots in one of two ways, by how many have mailboxes: each keeps the rules.
    describe.each([
      ['few bots have mailboxes', 0],
      ['more bots have mailboxes than a claim steps through', STEPPED_BOTS + 8],
    ])('while %s', (_, waiting) => {
      let prefix: string;

      beforeAll(async () => {
        prefix = await waitingBots(waiting);
        const [{ bots }] = (await dataSource.query(`SELECT count(DISTINCT "bot_id")::int AS "bots" FROM "runtime"."delivery_mailboxes"`)) as Array<{
          bots: number;
        }>;
        // Room for the four bots the tests below add, on the side of the limit this case is about.
        if (waiting === 0) expect(bots + 4).toBeLessThanOrEqual(STEPPED_BOTS);
        else expect(bots).toBeGreaterThan(STEPPED_BOTS);
      });

      afterAll(async () => {
        await removeBots(prefix);
      });

      it('leases the oldest due lanes, at most perBot of each bot and limit in all', async () => {
        const a = await dueLanes(5);
        const b = await dueLanes(2);
        const claimed = await claimOf([a, b], 10, 3);
        expect(claimed.filter((l) => l.botId === a).map((l) => l.lane)).toEqual(expect.arrayContaining(['conv_0', 'conv_1', 'conv_2']));
        expect(claimed.filter((l) => l.botId === a)).toHaveLength(3);
        expect(claimed.filter((l) => l.botId === b)).toHaveLength(2);
        // Leased lanes are not leased again.
        expect(await claimOf([a, b], 10, 3)).toEqual(
          expect.arrayContaining([
            { botId: a, lane: 'conv_3' },
            { botId: a, lane: 'conv_4' },
          ]),
        );
      });

      it('leases of a bot only the room left beside its lanes already under way here', async () => {
        const a = await dueLanes(6);
        const b = await dueLanes(2);
        const claimed = await claimOf([a, b], 10, 4, new Map([[a, 3]]));
        expect(claimed.filter((l) => l.botId === a)).toEqual([{ botId: a, lane: 'conv_0' }]);
        expect(claimed.filter((l) => l.botId === b)).toHaveLength(2);
        expect(await claimOf([a], 10, 4, new Map([[a, 4]]))).toEqual([]);
      });
    });

    /** Mailbox rows read by the claim's statement (the update of the leased lanes aside), and the most rows one of its sorts takes. */
    async function claimCost(perBot: number): Promise<{ read: number; sorted: number }> {
      await dataSource.query('ANALYZE "runtime"."delivery_mailboxes"');
      const nodes = await executedPlan(dataSource, mailboxes.claimStatement(owner, 10, perBot, 60_000, new Map()));
      const rows = (n: PlanNode) => n['Actual Rows'] * n['Actual Loops'];
      return {
        read: nodes.filter((n) => n['Relation Name'] === 'delivery_mailboxes' && n['Node Type'] !== 'ModifyTable').reduce((sum, n) => sum + rows(n), 0),
        sorted: Math.max(0, ...nodes.filter((n) => n['Node Type'] === 'Sort').map((n) => (n.Plans ?? []).reduce((sum, c) => sum + rows(c), 0))),
      };
    }

    it('reads of each bot only the lanes it has room for, and of the rest only what is due, however the lanes are spread', async () => {
      // A few bots, one with 20,000 lanes due: a handful of reads, nothing sorted but the few leased.
      const busy = `bot_claim_${randomBytes(4).toString('hex')}`;
      await dataSource.query(
        `INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at") SELECT $1, 'conv_' || g, now() - g * interval '1 millisecond' FROM generate_series(1, 20000) g`,
        [busy],
      );
      let cost = await claimCost(4);
      expect(cost.sorted).toBeLessThan(100);
      expect(cost.read).toBeLessThan(200);
      // Beside it, 20,000 bots with a lane not yet due (waiting out a retry's backoff): each due lane looked at once, still nothing sorted.
      const waiting = await waitingBots(20_000);
      cost = await claimCost(4);
      expect(cost.sorted).toBeLessThan(100);
      expect(cost.read).toBeLessThan(20_000 + 200);
      // Those bots alone, with few lanes due: not looked at.
      await dataSource.query(`DELETE FROM "runtime"."delivery_mailboxes" WHERE "bot_id" = $1`, [busy]);
      cost = await claimCost(4);
      expect(cost.read).toBeLessThan(200);
      await removeBots(waiting);
    });
    it('locks the lanes it leases in the order of their keys, as writers lock them: a writer of two of them and the claim wait for each other in turn, never in a cycle', async () => {
      // Two due lanes of a new bot, the one whose key comes first due last: the claim picks the other first.
      const bot = `bot_claim_${randomBytes(4).toString('hex')}`;
      const [first, second] = ['conv_a', 'conv_b'];
      await dataSource.query(
        `INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at") VALUES ($1, $2, now() - interval '1 second'), ($1, $3, now() - interval '2 seconds')`,
        [bot, first, second],
      );
      const lock = (lane: string) => writer.query(`SELECT 1 FROM "runtime"."delivery_mailboxes" WHERE "bot_id" = $1 AND "lane" = $2 FOR UPDATE`, [bot, lane]);
      const writer = dataSource.createQueryRunner();
      await writer.connect();
      await writer.startTransaction();
      try {
        // A statement writing to both lanes takes the first...
        await lock(first);
        const claiming = claimOf([bot], 10, 10);
        await waitForLockWait('stepped');
        // ...then the second, while the claim waits for the first.
        await lock(second);
        await writer.commitTransaction();
        expect([...(await claiming)].sort((a, b) => (a.lane < b.lane ? -1 : 1))).toEqual([
          { botId: bot, lane: first },
          { botId: bot, lane: second },
        ]);
      } finally {
        if (writer.isTransactionActive) await writer.rollbackTransaction();
        await writer.release();
      }
    });
  });

  it("locks mailboxes picked in the database in lockOrder's order, whatever the collation of their columns", async () => {
    const lanes: Lane[] = [
      { botId: 'bot_a', lane: 'conv_B' },
      { botId: 'bot_B', lane: 'conv_a' },
      { botId: 'bot', lane: 'event:1' },
      { botId: 'bot_', lane: 'conv_a' },
      { botId: 'bot_a', lane: 'conv_a' },
      { botId: 'bot_a', lane: 'conv-z' },
      { botId: 'Bot_a', lane: 'conv_a' },
    ];
    const runner = dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      // Columns compared as people read (case aside first), not as bytes: the order of the keys must not follow them.
      await runner.query(`CREATE TEMPORARY TABLE "read_order" ("bot_id" text COLLATE "und-x-icu", "lane" text COLLATE "und-x-icu") ON COMMIT DROP`);
      await runner.query(`INSERT INTO "read_order" SELECT * FROM unnest($1::text[], $2::text[])`, [lanes.map((l) => l.botId), lanes.map((l) => l.lane)]);
      const locked = (await runner.query(mailboxesLockedInOrder('"read_order" m', 'true'))) as Array<{ bot_id: string; lane: string }>;
      expect(locked.map((row) => ({ botId: row.bot_id, lane: row.lane }))).toEqual(lockOrder(lanes).map((i) => lanes[i]));
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  /** Waits until a statement of another connection whose text holds `marker` waits for a row lock. */
  async function waitForLockWait(marker: string): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const [{ waiting }] = (await dataSource.query(
        `SELECT count(*)::int AS "waiting" FROM pg_stat_activity WHERE "datname" = current_database() AND "wait_event_type" = 'Lock' AND "query" LIKE '%' || $1 || '%' AND "pid" <> pg_backend_pid()`,
        [marker],
      )) as Array<{ waiting: number }>;
      if (waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`No statement holding "${marker}" came to wait for a lock`);
  }

  describe('statistics', () => {
    /** Inserts `count` lanes of `bot`, and sees that the table's counters show them to every session (they are reported when a session goes idle). */
    async function addLanes(bot: string, from: number, count: number): Promise<void> {
      const runner = dataSource.createQueryRunner();
      try {
        await runner.query(
          `INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at") SELECT $1, 'conv_' || g, now() + interval '1 hour' FROM generate_series($2::int, $3::int) g`,
          [bot, from, from + count - 1],
        );
        await runner.query('SELECT pg_stat_force_next_flush()');
      } finally {
        await runner.release();
      }
      for (let tries = 0; tries < 200 && (await changesSinceAnalysis()) < count; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
    }

    async function changesSinceAnalysis(): Promise<number> {
      const [{ changes }] = (await dataSource.query(
        `SELECT "n_mod_since_analyze"::int AS "changes" FROM pg_stat_user_tables WHERE "relid" = '"runtime"."delivery_mailboxes"'::regclass`,
      )) as Array<{ changes: number }>;
      return changes;
    }

    it('analyses the mailboxes once their rows have changed past the bar since the last analysis, and not more often than asked', async () => {
      const bot = `bot_stats_${randomBytes(4).toString('hex')}`;
      // Statistics taken while the table held one lane...
      await dataSource.query(`DELETE FROM "runtime"."delivery_mailboxes"`);
      await addLanes(bot, 0, 1);
      await dataSource.query('ANALYZE "runtime"."delivery_mailboxes"');
      // ...are still good after a few more,
      await addLanes(bot, 1, 100);
      expect(await mailboxes.refreshStatistics(500, 0.2, 0)).toBe(false);
      // not after thousands; but an analysis younger than asked is left as it is.
      await addLanes(bot, 101, 20_000);
      expect(await mailboxes.refreshStatistics(500, 0.2, 60_000)).toBe(false);
      expect(await mailboxes.refreshStatistics(500, 0.2, 0)).toBe(true);
      expect(await changesSinceAnalysis()).toBeLessThan(500);
      expect(await mailboxes.refreshStatistics(500, 0.2, 0)).toBe(false);

      // Planned with them, a wake-up of the bot reads each of its lanes once, not all of them for each
      // (with the statistics of one lane: 200 million rows read, 20 s).
      const nodes = await executedPlan(dataSource, mailboxes.wakeBotStatement(bot));
      const read = nodes
        .filter((n) => n['Relation Name'] === 'delivery_mailboxes' && n['Node Type'] !== 'ModifyTable')
        .reduce((sum, n) => sum + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'], 0);
      expect(read).toBeLessThan(3 * 20_101);
      await dataSource.query(`DELETE FROM "runtime"."delivery_mailboxes" WHERE "bot_id" = $1`, [bot]);
    }, 60_000);
  });

  describe("delivery's bookkeeping", () => {
    /** The synchronous_commit with which the transaction doing `work` commits. */
    async function commitOf(work: () => Promise<unknown>): Promise<string> {
      return new RequestTransactions(dataSource).run(async (runner) => {
        await work();
        const [{ synchronous_commit }] = (await runner.query('SHOW synchronous_commit')) as Array<{ synchronous_commit: string }>;
        return synchronous_commit;
      });
    }

    it('commits without waiting for the disk: leases taken, renewed and given back, lanes closed, events marked delivered', async () => {
      expect(await commitOf(() => Promise.resolve())).toBe('on');
      const lane = await leasedLane();
      expect(await commitOf(() => mailboxes.renew(owner, [lane], 60_000))).toBe('off');
      expect(await commitOf(() => mailboxes.release(owner, lane, 0))).toBe('off');
      expect(await commitOf(() => mailboxes.claim(owner, 10, 1000, 60_000, new Map()))).toBe('off');
      expect(await commitOf(() => mailboxes.close(owner, lane))).toBe('off');
      const event = newEvent({ botId, type: 'message_created', direction: 'incoming', conversationId: lane.lane, payload: {} });
      expect(await commitOf(() => new EventsRepository(dataSource.getRepository(EventEntity)).markProcessed(event))).toBe('off');
    });

    it('renews the leases whose rows are free without waiting for one another transaction holds, then that one once it is free', async () => {
      const lanes = [await leasedLane(), await leasedLane(), await leasedLane()];
      const until = async () =>
        (
          (await dataSource.query(
            `SELECT "lane", "lease_until" > now() + interval '2 minutes' AS "renewed" FROM "runtime"."delivery_mailboxes" WHERE "bot_id" = $1 AND "lane" = ANY($2)`,
            [botId, lanes.map((l) => l.lane)],
          )) as Array<{ lane: string; renewed: boolean }>
        ).reduce<Record<string, boolean>>((all, row) => ({ ...all, [row.lane]: row.renewed }), {});
      // The first lane in the order of their keys is held by a writer, so every other comes after it.
      const [held, ...others] = [...lanes].sort((a, b) => (a.lane < b.lane ? -1 : 1));
      const writer = dataSource.createQueryRunner();
      await writer.connect();
      await writer.startTransaction();
      try {
        await writer.query(`SELECT 1 FROM "runtime"."delivery_mailboxes" WHERE "bot_id" = $1 AND "lane" = $2 FOR UPDATE`, [botId, held.lane]);
        const renewing = mailboxes.renew(owner, lanes, 600_000);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await until()).toEqual({ [held.lane]: false, [others[0].lane]: true, [others[1].lane]: true });
        await writer.commitTransaction();
        expect(await renewing).toEqual([]);
        expect(await until()).toEqual({ [held.lane]: true, [others[0].lane]: true, [others[1].lane]: true });
      } finally {
        if (writer.isTransactionActive) await writer.rollbackTransaction();
        await writer.release();
      }
    });

    it('still answers what its statements return', async () => {
      const lane = await leasedLane();
      expect(await mailboxes.renew(owner, [lane, { botId, lane: 'conv_nobody_holds' }], 60_000)).toEqual([{ botId, lane: 'conv_nobody_holds' }]);
      await mailboxes.close(owner, lane);
      expect(await mailboxOf(lane)).toBeUndefined();
    });
  });
});
