import { Injectable } from '@nestjs/common';
import { ConfigureIntegrationBody, IntegrationSettings, RuntimeCaller } from '@platform/contracts';
import { RuntimeAccessService } from '../access/runtime-access.service';
import { IntegrationSettingsRepository } from './integration-settings.repository';

@Injectable()
export class IntegrationsService {
  constructor(
    private readonly access: RuntimeAccessService,
    private readonly settings: IntegrationSettingsRepository,
  ) {}

  /** Fields left out keep their value; null clears identifier and sandboxIdentifiers. */
  async configure(caller: RuntimeCaller, input: ConfigureIntegrationBody): Promise<Record<string, never>> {
    const authorization = await this.access.authorize(caller);
    const { alias } = this.access.integrationOf(caller, authorization);
    const current = await this.settings.find(authorization.botId, alias);
    await this.settings.save({
      botId: authorization.botId,
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
