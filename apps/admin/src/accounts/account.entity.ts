import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('accounts')
export class AccountEntity {
  @PrimaryColumn('text') id: string;
  @Column('text', { unique: true }) email: string;
  @Column('text', { name: 'display_name', nullable: true }) displayName: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
