import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A bot API key: a token acting for one bot on the runtime API. Only its SHA-256 hash is kept. */
@Entity('bot_api_keys')
export class BotApiKeyEntity {
  @PrimaryColumn('text') id: string;
  @Index() @Column('text', { name: 'bot_id' }) botId: string;
  @Column('text', { name: 'token_hash', unique: true }) tokenHash: string;
  @Column('text') note: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
