import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One callAction of a bot and what came of it. */
@Entity('action_runs')
export class ActionRunEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') id: string;
  @Column('text', { name: 'integration_name' }) integrationName: string;
  @Column('text', { name: 'action_type' }) actionType: string;
  /** Null when the input was too long to keep. */
  @Column('jsonb', { nullable: true }) input: Record<string, unknown> | null;
  @Column('jsonb', { nullable: true }) output: Record<string, unknown> | null;
  @Column('text') status: 'SUCCESS' | 'FAILURE';
  @Column('text', { name: 'error_message', nullable: true }) errorMessage: string | null;
  @Column('integer', { name: 'duration_ms' }) durationMs: number;
  @Column('boolean') cached: boolean;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
