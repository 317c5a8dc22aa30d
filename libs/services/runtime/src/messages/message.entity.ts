import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('messages')
export class MessageEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') id: string;
  @Column('text', { name: 'conversation_id' }) conversationId: string;
  @Column('text', { name: 'user_id' }) userId: string;
  @Column('text') direction: 'incoming' | 'outgoing';
  @Column('text') type: string;
  @Column('jsonb') payload: Record<string, unknown>;
  @Column('jsonb') tags: Record<string, string>;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
