import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MessageEntity } from './message.entity';

@Injectable()
export class MessagesRepository {
  constructor(@InjectRepository(MessageEntity) private readonly messages: Repository<MessageEntity>) {}

  find(botId: string, id: string): Promise<MessageEntity | null> {
    return this.messages.findOne({ where: { botId, id } });
  }

  async insert(message: MessageEntity): Promise<void> {
    await this.messages.insert(message as never);
  }
}
