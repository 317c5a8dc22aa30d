import { Column, Entity, PrimaryColumn } from 'typeorm';

export type BotLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** What the platform logged about a bot (deliveries of its events, their failures, its process) and what its code wrote. */
@Entity('bot_logs')
export class BotLogEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') id: string;
  @Column('timestamptz') timestamp: Date;
  @Column('text') level: BotLogLevel;
  @Column('text') message: string;
  @Column('text', { name: 'conversation_id', nullable: true }) conversationId: string | null;
  @Column('text', { name: 'user_id', nullable: true }) userId: string | null;
}
