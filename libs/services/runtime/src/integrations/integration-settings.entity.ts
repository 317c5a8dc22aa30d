import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Schedule } from '@platform/contracts';

/** What configureIntegration stores per bot and integration instance (alias). */
@Entity('integration_settings')
export class IntegrationSettingsEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') alias: string;
  @Column('text', { nullable: true }) identifier: string | null;
  @Column('text', { name: 'schedule_register_call', nullable: true }) scheduleRegisterCall: Schedule | null;
  @Column('jsonb', { name: 'sandbox_identifiers', nullable: true }) sandboxIdentifiers: Record<string, never> | null;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
