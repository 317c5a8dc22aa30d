import { Column, Entity, PrimaryColumn, ValueTransformer } from 'typeorm';
import type { StateType } from '@platform/contracts';

/** Postgres returns bigint as a string; expiries are milliseconds, well within a safe integer. */
const bigintAsNumber: ValueTransformer = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * A named payload attached to a conversation, a user, the bot itself or a task. Its key is the
 * owner and the name; `id` is the opaque identifier the API shows.
 */
@Entity('states')
export class StateEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') type: StateType;
  @PrimaryColumn('text', { name: 'owner_id' }) ownerId: string;
  @PrimaryColumn('text') name: string;
  @Column('text') id: string;
  @Column('jsonb') payload: Record<string, unknown>;
  /** Milliseconds without a write after which the state expires; null: it never does. */
  @Column('bigint', { nullable: true, transformer: bigintAsNumber }) expiry: number | null;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}

export type StateKey = Pick<StateEntity, 'botId' | 'type' | 'ownerId' | 'name'>;

/** An expired state is gone for every reader, even before the sweep removes its row. */
export function isLive(state: StateEntity | null, now: Date): state is StateEntity {
  return state !== null && (state.expiresAt === null || state.expiresAt.getTime() > now.getTime());
}
