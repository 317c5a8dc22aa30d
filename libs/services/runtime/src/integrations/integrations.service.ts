import { Injectable } from '@nestjs/common';
import { ConfigureIntegrationBody, IntegrationSettings } from '@platform/contracts';
import { BotAccess } from '@platform/bot-access';
import { IntegrationSettingsRepository } from './integration-settings.repository';

@Injectable()
export class IntegrationsService {
  constructor(private readonly settings: IntegrationSettingsRepository) {}

  /** Fields left out keep their value; null clears identifier and sandboxIdentifiers. */
  async configure(access: BotAccess, input: ConfigureIntegrationBody): Promise<Record<string, never>> {
    const { alias } = access.requireIntegration();
    const { identifier, scheduleRegisterCall, sandboxIdentifiers } = input;
    await this.settings.configure(access.botId, alias, { identifier, scheduleRegisterCall, sandboxIdentifiers });
    return {};
  }

  async listForBot(botId: string): Promise<IntegrationSettings[]> {
    const rows = await this.settings.listForBot(botId);
    return rows.map(({ alias, identifier, scheduleRegisterCall, sandboxIdentifiers }) => ({ alias, identifier, scheduleRegisterCall, sandboxIdentifiers }));
  }
}
