import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IntegrationSettingsEntity } from './integration-settings.entity';
import { IntegrationSettingsRepository } from './integration-settings.repository';
import { IntegrationsController } from './integrations.controller';
import { IntegrationsService } from './integrations.service';

@Module({
  imports: [TypeOrmModule.forFeature([IntegrationSettingsEntity])],
  controllers: [IntegrationsController],
  providers: [IntegrationSettingsRepository, IntegrationsService],
})
export class IntegrationsModule {}
