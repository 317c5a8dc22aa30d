import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Platform-wide secrets generated at first start, when the operator provides none. */
@Entity('platform_secrets')
export class PlatformSecretEntity {
  @PrimaryColumn('text') name: string;
  @Column('text') value: string;
}
