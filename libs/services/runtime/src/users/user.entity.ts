import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryColumn('text', { name: 'bot_id' }) botId: string;
  @PrimaryColumn('text') id: string;
  @Column('text', { nullable: true }) integration: string | null;
  @Column('text', { nullable: true }) name: string | null;
  @Column('text', { name: 'picture_url', nullable: true }) pictureUrl: string | null;
  @Column('jsonb') tags: Record<string, string>;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
