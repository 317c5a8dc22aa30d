import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('participants')
export class ParticipantEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text', { name: 'conversation_id' }) conversationId: string;
  @PrimaryColumn('text', { name: 'user_id' }) userId: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
