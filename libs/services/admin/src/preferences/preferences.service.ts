import { Injectable } from '@nestjs/common';
import { Errors, MAX_PREFERENCE_BYTES, MAX_PREFERENCES_PER_ACCOUNT, PreferenceResponse } from '@platform/contracts';
import { AccountEntity } from '../accounts/account.entity';
import { PreferencesRepository } from './preferences.repository';

/** An account's own preferences (a dashboard's settings): one JSON value per key, seen by that account only. */
@Injectable()
export class PreferencesService {
  constructor(private readonly preferences: PreferencesRepository) {}

  async get(account: AccountEntity, key: string): Promise<PreferenceResponse> {
    const found = await this.preferences.find(account.id, key);
    if (!found) throw Errors.notFound('Preference', key);
    return { value: found.value ?? null };
  }

  async set(account: AccountEntity, key: string, value: unknown): Promise<Record<string, never>> {
    const stored = value === undefined ? null : value;
    if (Buffer.byteLength(JSON.stringify(stored)) > MAX_PREFERENCE_BYTES) {
      throw Errors.invalidPayload(`value must be at most ${MAX_PREFERENCE_BYTES} bytes of JSON`);
    }
    if (!(await this.preferences.find(account.id, key)) && (await this.preferences.count(account.id)) >= MAX_PREFERENCES_PER_ACCOUNT) {
      throw Errors.invalidPayload(`An account keeps at most ${MAX_PREFERENCES_PER_ACCOUNT} preferences`);
    }
    await this.preferences.put(account.id, key, stored);
    return {};
  }
}
