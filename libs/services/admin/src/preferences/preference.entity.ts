import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('account_preferences')
export class PreferenceEntity {
  @PrimaryColumn('text', { name: 'account_id' }) accountId: string;
  @PrimaryColumn('text') key: string;
  @Column('jsonb', { nullable: true }) value: unknown;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
