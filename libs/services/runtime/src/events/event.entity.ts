import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { EventStatus } from '@platform/contracts';

/**
 * Something that happened in a bot (docs/contracts.md, "Events"): an incoming message, a custom chat event, ...
 * Written in the same transaction as what it records, so no event is ever lost or invented.
 */
@Entity('events')
export class EventEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') id: string;
  @Column('text') type: string;
  @Column('text') direction: 'incoming' | 'outgoing';
  @Column('text', { name: 'conversation_id', nullable: true }) conversationId: string | null;
  @Column('text', { name: 'user_id', nullable: true }) userId: string | null;
  @Column('text', { name: 'message_id', nullable: true }) messageId: string | null;
  @Column('text', { nullable: true }) integration: string | null;
  @Column('jsonb') payload: Record<string, unknown>;
  @Column('text') status: EventStatus;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('integer') attempts: number;
  @Column('timestamptz', { name: 'processed_at', nullable: true }) processedAt: Date | null;
  /** When a scheduled event was due: it takes its place in its conversation by this time rather than its creation. */
  @Column('timestamptz', { name: 'scheduled_for', nullable: true }) scheduledFor: Date | null;
}
