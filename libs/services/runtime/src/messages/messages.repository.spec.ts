import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { suiteDatabase } from '@platform/persistence';
import { toRuntimeConversationView } from '../conversations/conversation-view';
import { ConversationEntity } from '../conversations/conversation.entity';
import { ParticipantEntity } from '../conversations/participant.entity';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { RUNTIME_MIGRATIONS } from '../migrations';
import { conversationRow, userRow } from '../testing/rows';
import { toRuntimeUserView } from '../users/user-view';
import { UserEntity } from '../users/user.entity';
import { MessageWriter, NewMessage } from './message-writer';
import { MessageEntity } from './message.entity';
import { MessagesRepository } from './messages.repository';

/**
 * A message's write on Postgres itself: one statement that reads nothing first, writes only where
 * its conversation and author are, and fills in the event with them as written.
 */
describe('MessagesRepository.insertWithEvent (on Postgres)', () => {
  const database = suiteDatabase('messages', {
    schema: 'runtime',
    entities: [MessageEntity, EventEntity, ConversationEntity, UserEntity, ParticipantEntity],
    migrations: RUNTIME_MIGRATIONS,
  });
  let dataSource: DataSource;
  let messages: MessagesRepository;
  // Composes what a write stores; nothing is handed off or announced here.
  const writer = new MessageWriter({} as never, {} as never, {} as never);
  const bot = 'bot_messages';
  const created = new Date('2026-01-02T03:04:05.678Z');

  beforeAll(async () => {
    dataSource = await database.open();
    messages = new MessagesRepository(dataSource.getRepository(MessageEntity), new EventsRepository(dataSource.getRepository(EventEntity)));
  });

  afterAll(() => database.close());

  async function conversation(id: string, fields: Partial<ConversationEntity> = {}): Promise<void> {
    await dataSource.manager.insert(ConversationEntity, conversationRow(bot, id, created, fields));
  }

  async function user(id: string, fields: Partial<UserEntity> = {}): Promise<void> {
    await dataSource.manager.insert(UserEntity, userRow(bot, id, created, fields));
  }

  const draft = (conversationId: string, authorId: string, participantId?: string): NewMessage => ({
    botId: bot,
    conversationId,
    authorId,
    participantId,
    type: 'text',
    payload: { text: 'hi' },
  });

  async function write(input: NewMessage) {
    const { message, event } = writer.compose(input);
    return { message, event, ...(await messages.insertWithEvent(message, event, { participantId: input.participantId })) };
  }

  const stored = async (conversationId: string) => ({
    messages: await dataSource.manager.count(MessageEntity, { where: { botId: bot, conversationId } }),
    events: await dataSource.manager.find(EventEntity, { where: { botId: bot, conversationId } }),
    conversation: await dataSource.manager.findOneBy(ConversationEntity, { botId: bot, id: conversationId }),
    mailboxes: Number(
      (await dataSource.query(`SELECT count(*) AS n FROM "runtime"."delivery_mailboxes" WHERE "bot_id" = $1 AND "lane" = $2`, [bot, conversationId]))[0].n,
    ),
  });

  // The event's user and conversation are made in SQL: they must read exactly as the API shows them.
  it.each([
    ['a user with neither name nor picture, a conversation without a task or integration', {}, { integration: null }],
    [
      'a named user with a picture, a conversation with a task',
      { name: 'Ann', pictureUrl: 'https://example.com/a.png', tags: { plan: 'pro' } },
      { currentTaskId: 'task_1' },
    ],
    ['an empty task id', {}, { currentTaskId: '' }],
  ])('fills in the event with the user and the conversation as the API shows them: %s', async (_, userFields, conversationFields) => {
    const id = `conv_${randomBytes(4).toString('hex')}`;
    await conversation(id, conversationFields);
    await user(`user_${id}`, userFields);
    const written = await write(draft(id, `user_${id}`));
    expect(written).toMatchObject({ written: true, opened: true });

    const after = await stored(id);
    const author = (await dataSource.manager.findOneBy(UserEntity, { botId: bot, id: `user_${id}` }))!;
    expect(after.conversation!.messageCount).toBe(1);
    expect(after.conversation!.updatedAt).toEqual(written.message.createdAt);
    expect(after.events).toHaveLength(1);
    expect(after.events[0].integration).toBe(after.conversation!.integration);
    expect(after.events[0].payload).toEqual({
      message: expect.objectContaining({ id: written.message.id, conversationId: id, userId: `user_${id}`, direction: 'incoming' }),
      user: toRuntimeUserView(author),
      conversation: toRuntimeConversationView(after.conversation!),
    });
    // The event in hand (delivered at once by a handoff) is the one stored.
    expect(written.event).toEqual(expect.objectContaining({ integration: after.events[0].integration, payload: after.events[0].payload }));
    expect(after.mailboxes).toBe(1);
  });

  it('gives each event the count its own write made, however many write at once', async () => {
    const id = `conv_${randomBytes(4).toString('hex')}`;
    await conversation(id);
    await user(`user_${id}`);
    await Promise.all(Array.from({ length: 20 }, () => write(draft(id, `user_${id}`))));
    const { events, conversation: after } = await stored(id);
    expect(after!.messageCount).toBe(20);
    const counts = events.map((e) => (e.payload.conversation as { messageCount: number }).messageCount).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('writes messages of one author together as if one after the other: each event shows the conversation as its message left it', async () => {
    const id = `conv_${randomBytes(4).toString('hex')}`;
    await conversation(id);
    await user(`user_${id}`);
    await write(draft(id, `user_${id}`));
    const writes = [0, 1, 2].map((i) => writer.compose(draft(id, `user_${id}`), undefined, new Date(created.getTime() + 1000 * (i + 1))));
    expect(await messages.insertAllWithEvents(writes)).toEqual({ written: true, opened: false });

    const after = await stored(id);
    expect(after.messages).toBe(4);
    expect(after.conversation).toMatchObject({ messageCount: 4, updatedAt: writes[2].message.createdAt });
    writes.forEach(({ message, event }, i) => {
      const own = after.events.find((e) => e.messageId === message.id)!;
      expect(own.payload.conversation).toEqual({
        ...toRuntimeConversationView(after.conversation!),
        messageCount: i + 2,
        updatedAt: message.createdAt.toISOString(),
      });
      // The event in hand is the one stored.
      expect(event).toEqual(expect.objectContaining({ integration: own.integration, payload: own.payload }));
    });
  });

  it('writes none of messages written together when their conversation is not there', async () => {
    const id = `conv_${randomBytes(4).toString('hex')}`;
    await user(`user_${id}`);
    const writes = [0, 1].map(() => writer.compose(draft(id, `user_${id}`)));
    expect(await messages.insertAllWithEvents(writes)).toEqual({ written: false, opened: false });
    expect(await stored(id)).toMatchObject({ messages: 0, events: [], mailboxes: 0 });
  });

  it('refuses to write messages of two authors together', async () => {
    const id = `conv_${randomBytes(4).toString('hex')}`;
    await expect(messages.insertAllWithEvents([writer.compose(draft(id, 'user_a')), writer.compose(draft(id, 'user_b'))])).rejects.toThrow(/one author/);
  });

  it('writes the bot’s own message without a user of that id and without an event', async () => {
    const id = `conv_${randomBytes(4).toString('hex')}`;
    await conversation(id);
    expect(await write(draft(id, bot))).toMatchObject({ written: true, opened: false, event: undefined });
    const after = await stored(id);
    expect(after).toMatchObject({ messages: 1, events: [], mailboxes: 0 });
    expect(after.conversation!.messageCount).toBe(1);
  });

  it.each([
    ['its conversation is not there', 'conv_absent', true],
    ['its author is not there', 'conv_present', false],
  ])('writes nothing when %s', async (_, id, withUser) => {
    if (id === 'conv_present') await conversation(id);
    if (withUser) await user(`user_${id}_${randomBytes(2).toString('hex')}`);
    const written = await write(draft(id, withUser ? `user_elsewhere` : `user_absent`));
    expect(written).toMatchObject({ written: false, opened: false });
    const after = await stored(id);
    expect(after).toMatchObject({ messages: 0, events: [], mailboxes: 0 });
    if (after.conversation) expect(after.conversation.messageCount).toBe(0);
  });

  it('writes for an acting user only in a conversation they take part in', async () => {
    const id = `conv_${randomBytes(4).toString('hex')}`;
    await conversation(id);
    await user(`user_${id}`);
    expect(await write(draft(id, `user_${id}`, `user_${id}`))).toMatchObject({ written: false });
    expect(await stored(id)).toMatchObject({ messages: 0, events: [], mailboxes: 0 });

    await dataSource.manager.insert(ParticipantEntity, { botId: bot, conversationId: id, userId: `user_${id}`, createdAt: created });
    const written = await write(draft(id, `user_${id}`, `user_${id}`));
    expect(written).toMatchObject({ written: true, opened: true });
    expect(await stored(id)).toMatchObject({ messages: 1, events: [expect.objectContaining({ id: written.event!.id })], mailboxes: 1 });
  });

  describe('groups of several conversations in one statement', () => {
    async function ready(count: number) {
      const ids = Array.from({ length: count }, () => `conv_${randomBytes(4).toString('hex')}`);
      for (const id of ids) {
        await conversation(id);
        await user(`user_${id}`);
      }
      return ids;
    }

    it('writes each group as if alone: its own count, events and lane, and nothing where its conversation is missing', async () => {
      const [a, b] = await ready(2);
      const missing = `conv_${randomBytes(4).toString('hex')}`;
      await user(`user_${missing}`);
      await write(draft(b, `user_${b}`));
      const groups = [
        { writes: [0, 1].map(() => writer.compose(draft(a, `user_${a}`))) },
        { writes: [writer.compose(draft(missing, `user_${missing}`))] },
        { writes: [writer.compose(draft(b, `user_${b}`))] },
      ];
      expect(await messages.insertGroups(groups)).toEqual([
        { written: true, opened: true },
        { written: false, opened: false },
        { written: true, opened: false },
      ]);
      expect(await stored(missing)).toMatchObject({ messages: 0, events: [], mailboxes: 0 });
      const [afterA, afterB] = [await stored(a), await stored(b)];
      expect(afterA).toMatchObject({ messages: 2, conversation: expect.objectContaining({ messageCount: 2 }), mailboxes: 1 });
      expect(afterB).toMatchObject({ messages: 2, conversation: expect.objectContaining({ messageCount: 2 }), mailboxes: 1 });
      for (const [group, after] of [
        [groups[0], afterA],
        [groups[2], afterB],
      ] as const) {
        for (const { event } of group.writes) {
          const own = after.events.find((e) => e.id === event!.id)!;
          // The event in hand is the one stored, with its own conversation in its payload.
          expect(event).toEqual(expect.objectContaining({ integration: own.integration, payload: own.payload }));
          expect((own.payload.conversation as { id: string }).id).toBe(after.conversation!.id);
        }
      }
    });

    it('writes groups given in any order without deadlocks: conversations are locked in one order', async () => {
      const ids = await ready(6);
      const groupsOf = (order: string[]) => order.map((id) => ({ writes: [writer.compose(draft(id, `user_${id}`))] }));
      const reversed = [...ids].reverse();
      const rounds = await Promise.all(Array.from({ length: 12 }, (_, i) => messages.insertGroups(groupsOf(i % 2 ? ids : reversed))));
      expect(rounds.flat().every((r) => r.written)).toBe(true);
      for (const id of ids) expect((await stored(id)).conversation!.messageCount).toBe(12);
    });
  });

  it('reads the messages asked for in one turn in one statement, each with its own user’s part in its conversation', async () => {
    const id = `conv_${randomBytes(4).toString('hex')}`;
    await conversation(id);
    await user(`user_${id}`);
    await dataSource.manager.insert(ParticipantEntity, { botId: bot, conversationId: id, userId: `user_${id}`, createdAt: created });
    const first = await write(draft(id, `user_${id}`));
    const second = await write(draft(id, bot));
    const pool = (dataSource.driver as PostgresDriver).master as Pool;
    const connect = jest.spyOn(pool, 'connect');
    try {
      const reads = await Promise.allSettled([
        messages.requireWithParticipant(bot, first.message.id, `user_${id}`),
        messages.requireWithParticipant(bot, second.message.id, 'user_elsewhere'),
        messages.requireWithParticipant(bot, 'msg_missing', `user_${id}`),
        messages.requireWithParticipant(bot, first.message.id, 'user_elsewhere'),
      ]);
      expect(connect).toHaveBeenCalledTimes(1);
      expect(reads.map((read) => (read.status === 'fulfilled' ? [read.value.message.id, read.value.participant] : read.reason.code))).toEqual([
        [first.message.id, true],
        [second.message.id, false],
        404,
        [first.message.id, false],
      ]);
    } finally {
      connect.mockRestore();
    }
  });

  it('lists a conversation for a user only if they take part in it', async () => {
    const id = `conv_${randomBytes(4).toString('hex')}`;
    await conversation(id);
    await user(`user_${id}`);
    await write(draft(id, `user_${id}`));
    await write(draft(id, bot));
    const page = (participantId: string) => messages.list(bot, { conversationId: id, participantId });
    expect((await page(`user_${id}`)).items).toEqual([]);
    await dataSource.manager.insert(ParticipantEntity, { botId: bot, conversationId: id, userId: `user_${id}`, createdAt: created });
    expect((await page(`user_${id}`)).items.map((m) => m.userId).sort()).toEqual([bot, `user_${id}`].sort());
    expect((await page('user_elsewhere')).items).toEqual([]);
  });
});
