import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** What of a bot's definition is kept as a document: maps the platform stores and returns. */
export interface BotDefinition {
  description?: string;
  configuration: { data: Record<string, unknown>; schema: Record<string, unknown> };
  user: { tags: Record<string, unknown> };
  conversation: { tags: Record<string, unknown> };
  message: { tags: Record<string, unknown> };
  events: Record<string, unknown>;
  actions: Record<string, unknown>;
  states: Record<string, unknown>;
  recurringEvents: Record<string, unknown>;
  subscriptions: { events: Record<string, unknown> | null };
  plugins: Record<string, unknown>;
  medias: Array<{ url: string; name: string }>;
  secrets: string[];
  layers: unknown[];
  type: 'studio' | 'adk' | 'desk';
  maxExecutionTime?: number;
  alwaysAlive: boolean;
  blocked: boolean;
  authentication?: string;
}

@Entity('bots')
@Index(['workspaceId', 'createdAt', 'id'])
@Index(['workspaceId', 'updatedAt', 'id'])
export class BotEntity {
  @PrimaryColumn('text') id: string;
  @Column('text', { name: 'workspace_id' }) workspaceId: string;
  @Column('text') name: string;
  @Column('boolean') dev: boolean;
  @Column('text', { nullable: true }) url: string | null;
  @Column('jsonb') tags: Record<string, string>;
  @Column('jsonb') definition: BotDefinition;
  /** Bot code is large and rarely read: kept apart from the definition. */
  @Column('text', { nullable: true, select: false }) code: string | null;
  @Column('text', { name: 'signing_secret_hash' }) signingSecretHash: string;
  @Column('text', { name: 'created_by', nullable: true }) createdBy: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
  @Column('timestamptz', { name: 'deployed_at', nullable: true }) deployedAt: Date | null;
}
