import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PreferenceEntity } from './preference.entity';

@Injectable()
export class PreferencesRepository {
  constructor(@InjectRepository(PreferenceEntity) private readonly preferences: Repository<PreferenceEntity>) {}

  find(accountId: string, key: string): Promise<PreferenceEntity | null> {
    return this.preferences.findOne({ where: { accountId, key } });
  }

  count(accountId: string): Promise<number> {
    return this.preferences.count({ where: { accountId } });
  }

  /** Sets the value of the key, replacing any before it. */
  async put(accountId: string, key: string, value: unknown): Promise<void> {
    await this.preferences.query(
      `INSERT INTO "admin"."account_preferences" ("account_id", "key", "value", "updated_at") VALUES ($1, $2, $3::jsonb, now())
       ON CONFLICT ("account_id", "key") DO UPDATE SET "value" = EXCLUDED."value", "updated_at" = EXCLUDED."updated_at"`,
      [accountId, key, JSON.stringify(value)],
    );
  }
}
