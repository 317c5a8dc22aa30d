import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Errors } from '@platform/contracts';
import { keysetPage, Page, PageQuery } from '@platform/persistence';
import { DateRange, whereDateRange, whereTags } from '../common/lists';
import { TagMatch } from '../common/tags';
import { ConversationEntity } from '../conversations/conversation.entity';
import { EventEntity } from '../events/event.entity';
import { EventsRepository } from '../events/events.repository';
import { MessageEntity } from './message.entity';

export interface MessageFilter extends PageQuery, DateRange {
  conversationId?: string;
  tags?: TagMatch;
}

@Injectable()
export class MessagesRepository {
  constructor(
    @InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>,
    private readonly events: EventsRepository,
  ) {}

  find(botId: string, id: string): Promise<MessageEntity | null> {
    return this.messages.findOne({ where: { botId, id } });
  }

  /** The message, or 404. */
  async require(botId: string, id: string): Promise<MessageEntity> {
    const message = await this.find(botId, id);
    if (!message) throw Errors.notFound('Message', id);
    return message;
  }

  /** Stores the message, the event recording it (if any) and the conversation's new count, together or not at all. */
  async insertWithEvent(message: MessageEntity, event?: EventEntity, within?: EntityManager): Promise<void> {
    const write = async (manager: EntityManager) => {
      await manager.insert(MessageEntity, message as never);
      if (event) await this.events.insert(event, manager);
      // One statement for both: every message write already costs a transaction of its own.
      await manager
        .createQueryBuilder()
        .update(ConversationEntity)
        .set({ messageCount: () => 'message_count + 1', updatedAt: message.createdAt })
        .where('bot_id = :botId AND id = :id', { botId: message.botId, id: message.conversationId })
        .execute();
    };
    await (within ? write(within) : this.messages.manager.transaction(write));
  }

  /** The bot's messages matching every given filter, in creation order (or newest first). */
  list(botId: string, filter: MessageFilter, direction: 'asc' | 'desc' = 'asc'): Promise<Page<MessageEntity>> {
    const query = this.messages.createQueryBuilder('m').where('m.bot_id = :botId', { botId });
    if (filter.conversationId !== undefined) query.andWhere('m.conversation_id = :conversationId', { conversationId: filter.conversationId });
    whereTags(query, filter.tags);
    whereDateRange(query, 'createdAt', filter);
    return keysetPage(query, { sortProperty: 'createdAt', direction }, filter);
  }

  /** The oldest message of the conversation whose tags match. */
  findByTags(botId: string, conversationId: string, match: TagMatch): Promise<MessageEntity | null> {
    const query = this.messages.createQueryBuilder('m').where('m.bot_id = :botId AND m.conversation_id = :conversationId', { botId, conversationId });
    return whereTags(query, match).orderBy('m.createdAt', 'ASC').addOrderBy('m.id', 'ASC').getOne();
  }

  async update(botId: string, id: string, changes: Partial<Pick<MessageEntity, 'payload' | 'tags' | 'updatedAt'>>): Promise<void> {
    await this.messages.update({ botId, id }, changes as never);
  }

  async delete(message: MessageEntity): Promise<void> {
    await this.messages.manager.transaction(async (manager) => {
      await manager.delete(MessageEntity, { botId: message.botId, id: message.id });
      await manager.decrement(ConversationEntity, { botId: message.botId, id: message.conversationId }, 'messageCount', 1);
    });
  }
}
