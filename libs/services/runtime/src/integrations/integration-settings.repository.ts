import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IntegrationSettingsEntity } from './integration-settings.entity';

/** The settings configureIntegration changes; a field left undefined keeps its stored value. */
export type IntegrationSettingsChange = Partial<Pick<IntegrationSettingsEntity, 'identifier' | 'scheduleRegisterCall' | 'sandboxIdentifiers'>>;

const COLUMNS: Record<keyof IntegrationSettingsChange, string> = {
  identifier: 'identifier',
  scheduleRegisterCall: 'schedule_register_call',
  sandboxIdentifiers: 'sandbox_identifiers',
};

@Injectable()
export class IntegrationSettingsRepository {
  constructor(@InjectRepository(IntegrationSettingsEntity) private readonly settings: Repository<IntegrationSettingsEntity>) {}

  listForBot(botId: string): Promise<IntegrationSettingsEntity[]> {
    return this.settings.find({ where: { botId }, order: { alias: 'ASC' } });
  }

  /**
   * Creates the instance's settings or changes the fields given, in one statement: two calls
   * changing different fields at once both hold, which reading the row first and writing it
   * whole would not guarantee.
   */
  async configure(botId: string, alias: string, change: IntegrationSettingsChange): Promise<void> {
    const kept = (Object.keys(COLUMNS) as Array<keyof IntegrationSettingsChange>).filter((field) => change[field] !== undefined);
    const updates = ['"updated_at" = EXCLUDED."updated_at"', ...kept.map((field) => `"${COLUMNS[field]}" = EXCLUDED."${COLUMNS[field]}"`)];
    await this.settings.query(
      `INSERT INTO "runtime"."integration_settings" ("bot_id", "alias", "identifier", "schedule_register_call", "sandbox_identifiers", "updated_at")
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT ("bot_id", "alias") DO UPDATE SET ${updates.join(', ')}`,
      [
        botId,
        alias,
        change.identifier ?? null,
        change.scheduleRegisterCall ?? null,
        change.sandboxIdentifiers == null ? null : JSON.stringify(change.sandboxIdentifiers),
      ],
    );
  }
}
