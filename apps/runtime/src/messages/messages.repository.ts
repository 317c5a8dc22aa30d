import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { keysetPage, Page, PageQuery } from '@platform/persistence';
import { ConversationEntity } from '../conversations/conversation.entity';
import { EventEntity } from '../events/event.entity';
import { MessageEntity } from './message.entity';

@Injectable()
export class MessagesRepository {
  constructor(@InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>) {}

  find(botId: string, id: string): Promise<MessageEntity | null> {
    return this.messages.findOne({ where: { botId, id } });
  }

  /** Stores the message, the event recording it (if any) and the conversation's new count, together or not at all. */
  async insertWithEvent(message: MessageEntity, event?: EventEntity): Promise<void> {
    await this.messages.manager.transaction(async (manager) => {
      await manager.insert(MessageEntity, message as never);
      if (event) await manager.insert(EventEntity, event as never);
      await manager.increment(ConversationEntity, { botId: message.botId, id: message.conversationId }, 'messageCount', 1);
      await manager.update(ConversationEntity, { botId: message.botId, id: message.conversationId }, { updatedAt: message.createdAt });
    });
  }

  /** Messages of a conversation in creation order. */
  listForConversation(botId: string, conversationId: string, page: PageQuery): Promise<Page<MessageEntity>> {
    const query = this.messages.createQueryBuilder('m').where('m.bot_id = :botId AND m.conversation_id = :conversationId', { botId, conversationId });
    return keysetPage(query, { sortProperty: 'createdAt' }, page);
  }

  async delete(message: MessageEntity): Promise<void> {
    await this.messages.manager.transaction(async (manager) => {
      await manager.delete(MessageEntity, { botId: message.botId, id: message.id });
      await manager.decrement(ConversationEntity, { botId: message.botId, id: message.conversationId }, 'messageCount', 1);
    });
  }
}
