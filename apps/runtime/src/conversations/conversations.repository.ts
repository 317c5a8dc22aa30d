import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Errors } from '@platform/contracts';
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
}
