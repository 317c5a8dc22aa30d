import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A bot API key: a token acting for one bot on the runtime API. Only its SHA-256 hash is kept. */
@Entity('bot_api_keys')
export class BotApiKeyEntity {
  @PrimaryColumn('text') id: string;
  @Index() @Column('text', { name: 'bot_id' }) botId: string;
  @Column('text', { name: 'token_hash', unique: true }) tokenHash: string;
  @Column('text') note: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  /** Set on the key minted for a deployment of the bot's code: the platform hands it to the bot's process. */
  @Column('timestamptz', { name: 'deployed_at', nullable: true }) deployedAt?: Date | null;
  /** The value of a deployment's key, sealed: unlike other keys, the platform must read it back. */
  @Column('text', { name: 'sealed_value', nullable: true, select: false }) sealedValue?: string | null;
}
