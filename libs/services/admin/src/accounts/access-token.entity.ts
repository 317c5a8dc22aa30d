import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A personal access token. Only its SHA-256 hash is kept. */
@Entity('access_tokens')
export class AccessTokenEntity {
  @PrimaryColumn('text') id: string;
  @Index() @Column('text', { name: 'account_id' }) accountId: string;
  @Column('text', { name: 'token_hash', unique: true }) tokenHash: string;
  @Column('text') note: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  /**
   * Set when the token is deleted. The row stays as a tombstone so that a revoked BOOTSTRAP_TOKEN
   * left in the environment is not silently brought back to life at the next start.
   */
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt: Date | null;
}
