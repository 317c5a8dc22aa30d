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
/** Where each field's value is among the statement's parameters. */
const PARAMETERS: Record<keyof IntegrationSettingsChange, string> = { identifier: '3::text', scheduleRegisterCall: '4::text', sandboxIdentifiers: '5::jsonb' };

@Injectable()
export class IntegrationSettingsRepository {
  constructor(@InjectRepository(IntegrationSettingsEntity) private readonly settings: Repository<IntegrationSettingsEntity>) {}

  listForBot(botId: string): Promise<IntegrationSettingsEntity[]> {
    return this.settings.find({ where: { botId }, order: { alias: 'ASC' } });
  }

  /**
   * Creates the instance's settings or changes the fields given, in one statement: two calls
   * changing different fields at once both hold, which reading the row first and writing it
   * whole would not guarantee. Settings that already hold what is asked are left as they are:
   * an integration sends the same ones at every registration, and a write would lock the row and
   * make calls for the instance wait on each other for nothing.
   */
  async configure(botId: string, alias: string, change: IntegrationSettingsChange): Promise<void> {
    const kept = (Object.keys(COLUMNS) as Array<keyof IntegrationSettingsChange>).filter((field) => change[field] !== undefined);
    const updates = ['"updated_at" = EXCLUDED."updated_at"', ...kept.map((field) => `"${COLUMNS[field]}" = EXCLUDED."${COLUMNS[field]}"`)];
    const values = [
      botId,
      alias,
      change.identifier ?? null,
      change.scheduleRegisterCall ?? null,
      change.sandboxIdentifiers == null ? null : JSON.stringify(change.sandboxIdentifiers),
    ];
    const held = kept.map((field) => `AND s."${COLUMNS[field]}" IS NOT DISTINCT FROM $${PARAMETERS[field]}`).join(' ');
    await this.settings.query(
      `INSERT INTO "runtime"."integration_settings" ("bot_id", "alias", "identifier", "schedule_register_call", "sandbox_identifiers", "updated_at")
       SELECT $1, $2, $3, $4, $5::jsonb, now()
        WHERE NOT EXISTS (SELECT 1 FROM "runtime"."integration_settings" s WHERE s."bot_id" = $1 AND s."alias" = $2 ${held})
       ON CONFLICT ("bot_id", "alias") DO UPDATE SET ${updates.join(', ')}`,
      values,
    );
  }
}
