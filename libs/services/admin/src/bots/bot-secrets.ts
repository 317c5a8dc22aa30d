import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SecretBox } from '@platform/auth';

/**
 * The values of bots' secrets (`updateBot({ secrets })`), sealed: the bot's process receives them
 * (docs/bot-hosting.md), while the API only ever shows their names.
 */
@Injectable()
export class BotSecrets {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  /** Applies an update map: a value sets the secret, null removes it, names not mentioned stay. */
  async apply(botId: string, patch: Record<string, string | null> | undefined): Promise<void> {
    for (const [name, value] of Object.entries(patch ?? {})) {
      if (value === null) {
        await this.dataSource.query(`DELETE FROM "admin"."bot_secrets" WHERE "bot_id" = $1 AND "name" = $2`, [botId, name]);
      } else {
        await this.dataSource.query(
          `INSERT INTO "admin"."bot_secrets" ("bot_id", "name", "sealed") VALUES ($1, $2, $3) ON CONFLICT ("bot_id", "name") DO UPDATE SET "sealed" = EXCLUDED."sealed"`,
          [botId, name, this.box.seal(value)],
        );
      }
    }
  }

  async values(botId: string): Promise<Record<string, string>> {
    const rows = (await this.dataSource.query(`SELECT "name", "sealed" FROM "admin"."bot_secrets" WHERE "bot_id" = $1`, [botId])) as Array<{
      name: string;
      sealed: string;
    }>;
    return Object.fromEntries(rows.map((row) => [row.name, this.box.open(row.sealed)]));
  }
}
