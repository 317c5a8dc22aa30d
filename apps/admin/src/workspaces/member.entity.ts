import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Role } from '@platform/contracts';

@Entity('workspace_members')
export class MemberEntity {
  @PrimaryColumn('text', { name: 'workspace_id' }) workspaceId: string;
  @Index() @PrimaryColumn('text', { name: 'account_id' }) accountId: string;
  @Column('text') role: Role;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}
