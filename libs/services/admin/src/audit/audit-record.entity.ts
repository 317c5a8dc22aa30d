import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AuditAction } from '@platform/contracts';

/**
 * One change made in a workspace. The actor's email is copied, not joined, so a record still
 * says who acted after the account or the membership is gone.
 */
@Entity('audit_records')
@Index(['workspaceId', 'recordedAt', 'id'])
export class AuditRecordEntity {
  @PrimaryColumn('text') id: string;
  @Column('text', { name: 'workspace_id' }) workspaceId: string;
  @Column('timestamptz', { name: 'recorded_at' }) recordedAt: Date;
  @Column('text', { name: 'account_id', nullable: true }) accountId: string | null;
  @Column('text', { name: 'account_email', nullable: true }) accountEmail: string | null;
  @Column('text') action: AuditAction;
  @Column('text') operation: string;
  @Column('text', { name: 'resource_id', nullable: true }) resourceId: string | null;
  @Column('text', { name: 'resource_name', nullable: true }) resourceName: string | null;
  @Column('text', { nullable: true }) value: string | null;
}
