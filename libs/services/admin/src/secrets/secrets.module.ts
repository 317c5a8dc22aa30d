import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecretBox } from '@platform/auth';
import { PlatformSecretEntity } from './platform-secret.entity';
import { secretBoxProvider } from './secret-box.provider';

@Module({
  imports: [TypeOrmModule.forFeature([PlatformSecretEntity])],
  providers: [secretBoxProvider],
  exports: [SecretBox],
})
export class SecretsModule {}
