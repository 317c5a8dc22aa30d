import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('workspaces')
export class WorkspaceEntity {
  @PrimaryColumn('text') id: string;
  @Column('text') name: string;
  @Column('text', { name: 'owner_id' }) ownerId: string;
  @Column('text', { nullable: true, unique: true }) handle: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
