import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One integration instance installed on a bot, keyed by its alias. */
@Entity('bot_integrations')
export class BotIntegrationEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') alias: string;
  @Column('text', { name: 'integration_id' }) integrationId: string;
  @Column('boolean') enabled: boolean;
  @Column('jsonb') configuration: Record<string, unknown>;
  @Column('text', { name: 'configuration_type', nullable: true }) configurationType: string | null;
  @Column('jsonb', { name: 'disabled_channels' }) disabledChannels: string[];
  @Column('text', { name: 'webhook_id', unique: true }) webhookId: string;
  /**
   * Key that signs chat user keys when the configuration brings none of its own. Stored
   * encrypted (`sealed_key`); the repository seals and opens it, like `configuration.encryptionKey`.
   */
  @Column('text', { name: 'sealed_key' }) generatedKey: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
