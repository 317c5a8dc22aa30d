import { DataSource } from 'typeorm';
import { suiteDatabase } from '@platform/persistence';
import { ConversationEntity } from '../conversations/conversation.entity';
import { RUNTIME_MIGRATIONS } from '../migrations';
import { conversationRow, userRow } from '../testing/rows';
import { UserEntity } from '../users/user.entity';
import { BotDataRepository, referencingFirst } from './bot-data.repository';

describe('referencingFirst', () => {
  it('puts every table before the tables it references', () => {
    const references = [
      { child: 'participants', parent: 'conversations' },
      { child: 'participants', parent: 'users' },
      { child: 'messages', parent: 'conversations' },
      { child: 'states', parent: 'users' },
    ];
    const order = referencingFirst(['conversations', 'messages', 'participants', 'states', 'users'], references);
    for (const { child, parent } of references) expect(order.indexOf(child)).toBeLessThan(order.indexOf(parent));
    expect([...order].sort()).toEqual(['conversations', 'messages', 'participants', 'states', 'users']);
  });
});

/** A bot's purge on Postgres itself, while its conversations are still being written to. */
describe('BotDataRepository.purge (on Postgres)', () => {
  const database = suiteDatabase('bot_data', { schema: 'runtime', entities: [ConversationEntity, UserEntity], migrations: RUNTIME_MIGRATIONS });
  const bot = 'bot_purged';
  const created = new Date('2026-03-04T05:06:07.089Z');
  let dataSource: DataSource;
  let data: BotDataRepository;

  beforeAll(async () => {
    dataSource = await database.open();
    data = new BotDataRepository(dataSource);
  });

  afterAll(() => database.close());

  const count = async (table: string) =>
    Number(((await dataSource.query(`SELECT count(*) AS n FROM "runtime"."${table}" WHERE "bot_id" = $1`, [bot])) as Array<{ n: string }>)[0].n);

  it('waits for a message being written to one of the conversations, then deletes everything, the new lane too', async () => {
    await dataSource.manager.insert(UserEntity, userRow(bot, 'user_ann', created));
    for (const id of ['conv_a', 'conv_b']) await dataSource.manager.insert(ConversationEntity, conversationRow(bot, id, created));
    await dataSource.query(`INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at") VALUES ($1, 'conv_a', now())`, [bot]);
    // A message write holds its conversation first, then queues the conversation's lane
    // (MessagesRepository.insertWithEvent). The purge reaches the conversations before the lanes,
    // so it waits for the write instead of holding the lane the write waits for (a deadlock).
    const writer = dataSource.createQueryRunner();
    await writer.connect();
    try {
      await writer.startTransaction();
      await writer.query(`UPDATE "runtime"."conversations" SET "message_count" = "message_count" + 1 WHERE "bot_id" = $1 AND "id" = 'conv_a'`, [bot]);
      const purged = data.purge(bot);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await writer.query(
        `INSERT INTO "runtime"."delivery_mailboxes" AS m ("bot_id", "lane", "next_attempt_at") VALUES ($1, 'conv_a', now())
         ON CONFLICT ("bot_id", "lane") DO UPDATE SET "next_attempt_at" = m."next_attempt_at"`,
        [bot],
      );
      await writer.commitTransaction();
      await expect(purged).resolves.toMatchObject({ conversationIds: expect.arrayContaining(['conv_a', 'conv_b']) });
    } finally {
      await writer.release();
    }
    for (const table of ['conversations', 'users', 'delivery_mailboxes']) expect(await count(table)).toBe(0);
  });
});
