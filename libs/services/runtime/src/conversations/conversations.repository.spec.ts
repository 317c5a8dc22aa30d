import { DataSource } from 'typeorm';
import { suiteDatabase } from '@platform/persistence';
import { RUNTIME_MIGRATIONS } from '../migrations';
import { conversationRow, userRow } from '../testing/rows';
import { UserEntity } from '../users/user.entity';
import { ConversationEntity } from './conversation.entity';
import { ConversationsRepository } from './conversations.repository';
import { ParticipantEntity } from './participant.entity';

/** A conversation's creation on Postgres itself: the conversation and its first participants, all or nothing, in one statement. */
describe('ConversationsRepository.insert (on Postgres)', () => {
  const database = suiteDatabase('conversations', {
    schema: 'runtime',
    entities: [ConversationEntity, ParticipantEntity, UserEntity],
    migrations: RUNTIME_MIGRATIONS,
  });
  const bot = 'bot_conversations';
  const created = new Date('2026-03-04T05:06:07.089Z');
  let dataSource: DataSource;
  let conversations: ConversationsRepository;

  beforeAll(async () => {
    dataSource = await database.open();
    conversations = new ConversationsRepository(dataSource.getRepository(ConversationEntity), dataSource.getRepository(ParticipantEntity));
    for (const id of ['user_ann', 'user_bob']) await dataSource.manager.insert(UserEntity, userRow(bot, id, created));
  });

  afterAll(() => database.close());

  const conversation = (id: string): ConversationEntity => conversationRow(bot, id, created);
  const stored = async (id: string) => ({
    conversation: await dataSource.manager.findOneBy(ConversationEntity, { botId: bot, id }),
    participants: (await dataSource.manager.find(ParticipantEntity, { where: { botId: bot, conversationId: id }, order: { userId: 'ASC' } })).map(
      (p) => p.userId,
    ),
  });

  it('stores the conversation as given, with each of its first participants', async () => {
    await conversations.insert(conversation('conv_two'), ['user_ann', 'user_bob']);
    await conversations.insert(conversation('conv_none'), []);
    expect(await stored('conv_two')).toEqual({ conversation: conversation('conv_two'), participants: ['user_ann', 'user_bob'] });
    expect(await stored('conv_none')).toEqual({ conversation: conversation('conv_none'), participants: [] });
    expect((await dataSource.manager.findOneBy(ParticipantEntity, { botId: bot, conversationId: 'conv_two', userId: 'user_ann' }))!.createdAt).toEqual(created);
  });

  it('stores nothing for an unknown participant (404), nor over a taken id (409)', async () => {
    await expect(conversations.insert(conversation('conv_unknown'), ['user_ann', 'user_nobody'])).rejects.toMatchObject({
      code: 404,
      type: 'ResourceNotFound',
    });
    expect(await stored('conv_unknown')).toEqual({ conversation: null, participants: [] });

    await conversations.insert(conversation('conv_taken'), ['user_ann']);
    const other = { ...conversation('conv_taken'), channel: 'other' };
    await expect(conversations.insert(other, ['user_bob'])).rejects.toMatchObject({ code: 409, type: 'AlreadyExists' });
    expect(await stored('conv_taken')).toEqual({ conversation: conversation('conv_taken'), participants: ['user_ann'] });
  });
});
