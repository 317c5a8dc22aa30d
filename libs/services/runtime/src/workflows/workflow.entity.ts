import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { WorkflowStatus } from '@platform/contracts';

@Entity('workflows')
export class WorkflowEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') id: string;
  @Column('text') name: string;
  @Column('text') status: WorkflowStatus;
  @Column('jsonb') input: Record<string, unknown>;
  @Column('jsonb') output: Record<string, unknown>;
  @Column('text', { name: 'parent_workflow_id', nullable: true }) parentWorkflowId: string | null;
  @Column('text', { name: 'conversation_id', nullable: true }) conversationId: string | null;
  @Column('text', { name: 'user_id', nullable: true }) userId: string | null;
  @Column('jsonb') tags: Record<string, string>;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason: string | null;
  @Column('timestamptz', { name: 'timeout_at' }) timeoutAt: Date;
  @Column('timestamptz', { name: 'completed_at', nullable: true }) completedAt: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
