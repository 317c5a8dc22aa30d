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
    const current = await this.settings.find(access.botId, alias);
    await this.settings.save({
      botId: access.botId,
      alias,
      identifier: input.identifier === undefined ? (current?.identifier ?? null) : input.identifier,
      scheduleRegisterCall: input.scheduleRegisterCall ?? current?.scheduleRegisterCall ?? null,
      sandboxIdentifiers: input.sandboxIdentifiers === undefined ? (current?.sandboxIdentifiers ?? null) : input.sandboxIdentifiers,
      updatedAt: new Date(),
    });
    return {};
  }

  async listForBot(botId: string): Promise<IntegrationSettings[]> {
    const rows = await this.settings.listForBot(botId);
    return rows.map(({ alias, identifier, scheduleRegisterCall, sandboxIdentifiers }) => ({ alias, identifier, scheduleRegisterCall, sandboxIdentifiers }));
  }
}
