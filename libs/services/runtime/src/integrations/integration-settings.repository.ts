import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IntegrationSettingsEntity } from './integration-settings.entity';

/** The settings configureIntegration changes; a field left undefined keeps its stored value. */
export type IntegrationSettingsChange = Partial<Pick<IntegrationSettingsEntity, 'identifier' | 'scheduleRegisterCall' | 'sandboxIdentifiers'>>;

/** Each field's column, and its value among the statement's parameters. */
const FIELDS: Record<keyof IntegrationSettingsChange, { column: string; value: string }> = {
  identifier: { column: 'identifier', value: '$3::text' },
  scheduleRegisterCall: { column: 'schedule_register_call', value: '$4::text' },
  sandboxIdentifiers: { column: 'sandbox_identifiers', value: '$5::jsonb' },
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
   * whole would not guarantee. Settings that already hold what is asked are left as they are:
   * an integration sends the same ones at every registration, and a write would lock the row and
   * make calls for the instance wait on each other for nothing.
   */
  async configure(botId: string, alias: string, change: IntegrationSettingsChange): Promise<void> {
    const kept = (Object.keys(FIELDS) as Array<keyof IntegrationSettingsChange>).filter((field) => change[field] !== undefined).map((field) => FIELDS[field]);
    const updates = ['"updated_at" = EXCLUDED."updated_at"', ...kept.map(({ column }) => `"${column}" = EXCLUDED."${column}"`)];
    const values = [
      botId,
      alias,
      change.identifier ?? null,
      change.scheduleRegisterCall ?? null,
      change.sandboxIdentifiers == null ? null : JSON.stringify(change.sandboxIdentifiers),
    ];
    const held = kept.map(({ column, value }) => `AND s."${column}" IS NOT DISTINCT FROM ${value}`).join(' ');
    await this.settings.query(
      `INSERT INTO "runtime"."integration_settings" ("bot_id", "alias", "identifier", "schedule_register_call", "sandbox_identifiers", "updated_at")
       SELECT $1, $2, $3, $4, $5::jsonb, now()
        WHERE NOT EXISTS (SELECT 1 FROM "runtime"."integration_settings" s WHERE s."bot_id" = $1 AND s."alias" = $2 ${held})
       ON CONFLICT ("bot_id", "alias") DO UPDATE SET ${updates.join(', ')}`,
      values,
    );
  }
}
