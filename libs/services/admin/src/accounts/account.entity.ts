import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('accounts')
export class AccountEntity {
  @PrimaryColumn('text') id: string;
  @Column('text', { unique: true }) email: string;
  @Column('text', { name: 'display_name', nullable: true }) displayName: string | null;
  @Column('text', { name: 'profile_picture', nullable: true }) profilePicture: string | null;
  /**
   * The account made at first start from BOOTSTRAP_TOKEN: it alone may create accounts, which is
   * how a self-hosted platform hands a new person a first token.
   */
  @Column('boolean', { name: 'platform_owner', default: false }) platformOwner: boolean;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
