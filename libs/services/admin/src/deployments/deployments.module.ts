import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module';
import { BotsModule } from '../bots/bots.module';
import { SecretsModule } from '../secrets/secrets.module';
import { DeploymentKeysRepository } from './deployment-keys.repository';
import { DeploymentsController } from './deployments.controller';
import { DeploymentsService } from './deployments.service';

/** Bots' deployed code as the bots service runs it: the bundle, secrets and a key per deployment. */
@Module({
  imports: [AccessModule, BotsModule, SecretsModule],
  controllers: [DeploymentsController],
  providers: [DeploymentKeysRepository, DeploymentsService],
})
export class DeploymentsModule {}
