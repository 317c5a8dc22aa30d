import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('workspaces')
export class WorkspaceEntity {
  @PrimaryColumn('text') id: string;
  @Column('text') name: string;
  @Column('text', { name: 'owner_id' }) ownerId: string;
  @Column('text', { nullable: true, unique: true }) handle: string | null;
  @Column('text', { nullable: true }) about?: string | null;
  @Column('text', { name: 'profile_picture', nullable: true }) profilePicture?: string | null;
  @Column('text', { name: 'contact_email', nullable: true }) contactEmail?: string | null;
  @Column('text', { nullable: true }) website?: string | null;
  @Column('jsonb', { name: 'social_accounts', nullable: true }) socialAccounts?: string[] | null;
  @Column('boolean', { name: 'is_public', nullable: true }) isPublic?: boolean | null;
  @Column('integer', { name: 'spending_limit', default: 0 }) spendingLimit?: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
