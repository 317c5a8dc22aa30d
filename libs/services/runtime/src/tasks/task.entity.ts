import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { TaskStatus } from '@platform/contracts';

@Entity('tasks')
export class TaskEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') id: string;
  @Column('text') title: string;
  @Column('text') type: string;
  @Column('jsonb') data: Record<string, unknown>;
  @Column('text') status: TaskStatus;
  @Column('text', { name: 'parent_task_id', nullable: true }) parentTaskId: string | null;
  @Column('text', { name: 'conversation_id' }) conversationId: string;
  @Column('text', { name: 'user_id', nullable: true }) userId: string | null;
  @Column('jsonb') tags: Record<string, string>;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason: string | null;
  @Column('timestamptz', { name: 'timeout_at' }) timeoutAt: Date;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
