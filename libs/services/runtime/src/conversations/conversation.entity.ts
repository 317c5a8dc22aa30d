import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('conversations')
export class ConversationEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') id: string;
  @Column('text', { nullable: true }) integration: string | null;
  @Column('text') channel: string;
  @Column('text', { name: 'current_task_id', nullable: true }) currentTaskId: string | null;
  @Column('integer', { name: 'message_count' }) messageCount: number;
  @Column('jsonb') tags: Record<string, string>;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
