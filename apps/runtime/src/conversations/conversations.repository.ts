import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Errors } from '@platform/contracts';
import { keysetPage, Page, PageQuery } from '@platform/persistence';
import { ConversationEntity } from './conversation.entity';
import { ParticipantEntity } from './participant.entity';

const UNIQUE_VIOLATION = '23505';

@Injectable()
export class ConversationsRepository {
  constructor(
    @InjectRepository(ConversationEntity) private readonly conversations: Repository<ConversationEntity>,
    @InjectRepository(ParticipantEntity) private readonly participants: Repository<ParticipantEntity>,
  ) {}

  find(botId: string, id: string): Promise<ConversationEntity | null> {
    return this.conversations.findOne({ where: { botId, id } });
  }

  async isParticipant(botId: string, conversationId: string, userId: string): Promise<boolean> {
    return (await this.participants.count({ where: { botId, conversationId, userId } })) > 0;
  }

  /** Inserts the conversation with its owner as first participant; a taken id is 409. */
  async insertWithOwner(conversation: ConversationEntity & { ownerId: string }): Promise<void> {
    try {
      await this.conversations.manager.transaction(async (manager) => {
        await manager.insert(ConversationEntity, conversation as never);
        await manager.insert(ParticipantEntity, {
          botId: conversation.botId,
          conversationId: conversation.id,
          userId: conversation.ownerId,
          createdAt: conversation.createdAt,
        });
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw Errors.alreadyExists('Conversation', conversation.id);
      throw error;
    }
  }

  /** Conversations the user takes part in, newest first. */
  listForUser(botId: string, userId: string, page: PageQuery): Promise<Page<ConversationEntity>> {
    const query = this.conversations
      .createQueryBuilder('c')
      .innerJoin(ParticipantEntity, 'p', 'p.bot_id = c.bot_id AND p.conversation_id = c.id AND p.user_id = :userId', { userId })
      .where('c.bot_id = :botId', { botId });
    return keysetPage(query, { sortProperty: 'createdAt', direction: 'desc' }, page);
  }

  /** Deletes the conversation; its participants and messages go with it (foreign keys). */
  async delete(botId: string, id: string): Promise<void> {
    await this.conversations.delete({ botId, id });
  }

  /** Adds a participant; false when the user already was one. */
  async addParticipant(participant: ParticipantEntity): Promise<boolean> {
    const result = await this.participants
      .createQueryBuilder()
      .insert()
      .into(ParticipantEntity)
      .values(participant)
      .orIgnore()
      .returning('user_id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** Removes a participant; false when the user was not one. */
  async removeParticipant(botId: string, conversationId: string, userId: string): Promise<boolean> {
    const result = await this.participants.delete({ botId, conversationId, userId });
    return (result.affected ?? 0) > 0;
  }

  /** Participants in the order they joined. */
  listParticipants(botId: string, conversationId: string, page: PageQuery): Promise<Page<ParticipantEntity>> {
    const query = this.participants
      .createQueryBuilder('p')
      .where('p.bot_id = :botId AND p.conversation_id = :conversationId', { botId, conversationId });
    return keysetPage(query, { sortProperty: 'createdAt', idProperty: 'userId' }, page);
  }
}
