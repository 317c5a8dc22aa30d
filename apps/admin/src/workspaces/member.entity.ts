import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Role } from '@platform/contracts';

@Entity('workspace_members')
@Index(['workspaceId', 'createdAt', 'id'])
export class MemberEntity {
  @PrimaryColumn('text', { name: 'workspace_id' }) workspaceId: string;
  @Index() @PrimaryColumn('text', { name: 'account_id' }) accountId: string;
  /** The membership's own id, which the members API addresses (not the account's). */
  @Column('text', { unique: true }) id: string;
  @Column('text') role: Role;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
