import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { hashSecret, newSecret, SecretBox } from '@platform/auth';
import { newId } from '@platform/contracts';
import { isForeignKeyViolation } from '@platform/persistence';

/**
 * The API keys of bots' deployments: one per deployment of a bot's code, minted the first time
 * the bots service asks for that deployment, sealed (its value becomes the process's `BP_TOKEN`),
 * and revoked once the bots service runs a newer deployment.
 */
@Injectable()
export class DeploymentKeysRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  /**
   * The key of this deployment, minted now if it has none (replicas asking at once get the same
   * one). None when the bot is gone: deleted since its deployment was read, which a bot's removal
   * does while the bots service may still be taking the bot up.
   */
  async ensure(botId: string, deployedAt: Date): Promise<string | undefined> {
    const value = newSecret('bp_bak');
    try {
      await this.dataSource.query(
        `INSERT INTO "admin"."bot_api_keys" ("id", "bot_id", "token_hash", "note", "created_at", "deployed_at", "sealed_value")
         VALUES ($1, $2, $3, $4, now(), $5, $6) ON CONFLICT ("bot_id", "deployed_at") DO NOTHING`,
        [newId('bak'), botId, hashSecret(value), `Deployment of ${deployedAt.toISOString()}`, deployedAt, this.box.seal(value)],
      );
    } catch (error) {
      if (isForeignKeyViolation(error)) return undefined;
      throw error;
    }
    const [row] = (await this.dataSource.query(`SELECT "sealed_value" FROM "admin"."bot_api_keys" WHERE "bot_id" = $1 AND "deployed_at" = $2`, [
      botId,
      deployedAt,
    ])) as Array<{ sealed_value: string }>;
    return row ? this.box.open(row.sealed_value) : undefined;
  }

  /** Deletes the keys of the bot's deployments older than this one; answers their hashes. */
  async retireBefore(botId: string, deployedAt: Date): Promise<string[]> {
    const rows = (await this.dataSource.query(`DELETE FROM "admin"."bot_api_keys" WHERE "bot_id" = $1 AND "deployed_at" < $2 RETURNING "token_hash"`, [
      botId,
      deployedAt,
    ])) as [Array<{ token_hash: string }>, number] | Array<{ token_hash: string }>;
    const deleted = (Array.isArray(rows[0]) ? rows[0] : rows) as Array<{ token_hash: string }>;
    return deleted.map((row) => row.token_hash);
  }
}
