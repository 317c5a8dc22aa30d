import { Logger, Provider } from '@nestjs/common';
import { getRepositoryToken } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SecretBox } from '@platform/auth';
import { PlatformConfig } from '@platform/config';
import { PlatformSecretEntity } from './platform-secret.entity';

const KEY_NAME = 'secrets_key';

/**
 * The admin service's SecretBox: from SECRETS_KEY when the operator sets it, otherwise from a
 * random key generated once (the first replica to start wins; the others read it).
 */
export const secretBoxProvider: Provider = {
  provide: SecretBox,
  inject: [PlatformConfig, getRepositoryToken(PlatformSecretEntity)],
  useFactory: async (config: PlatformConfig, secrets: Repository<PlatformSecretEntity>) => {
    if (config.secretsKey) return SecretBox.fromSecret(config.secretsKey);
    await secrets.createQueryBuilder().insert().values({ name: KEY_NAME, value: SecretBox.newSecret() }).orIgnore().execute();
    const stored = await secrets.findOneByOrFail({ name: KEY_NAME });
    new Logger('Secrets').warn('SECRETS_KEY is not set: secrets are encrypted with a key kept in the database; set SECRETS_KEY in production');
    return SecretBox.fromSecret(stored.value);
  },
};
