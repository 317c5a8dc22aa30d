import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Role } from '@platform/contracts';

/**
 * A membership of a workspace. Until its account accepts, it is an invitation: it holds the
 * invited email and no account, and grants nothing.
 */
@Entity('workspace_members')
@Index(['workspaceId', 'createdAt', 'id'])
export class MemberEntity {
  /** The membership's own id, which the members API addresses (not the account's). */
  @PrimaryColumn('text') id: string;
  @Column('text', { name: 'workspace_id' }) workspaceId: string;
  /** The member's account; null while the membership is an invitation. */
  @Column('text', { name: 'account_id', nullable: true }) accountId: string | null;
  /** The email invited, lower-cased; null once an account holds the membership. */
  @Column('text', { name: 'invited_email', nullable: true }) invitedEmail: string | null;
  @Column('text') role: Role;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}

/** A membership an account holds (not an invitation). */
export type ActiveMember = MemberEntity & { accountId: string };
