import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('bot_versions')
export class BotVersionEntity {
  @PrimaryColumn('text') id: string;
  @Column('text', { name: 'bot_id' }) botId: string;
  @Column('text') name: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('jsonb', { name: 'bot_json' }) botJson: Record<string, unknown>;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
