import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newSecret, SecretBox } from '@platform/auth';

/** How long a rotated-out secret keeps signing deliveries beside the new one. */
const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * Bots' signing secrets, kept sealed: deliveries to a bot are signed with them, so they must be
 * readable again (unlike tokens, which are only ever compared by hash).
 */
@Injectable()
export class SigningSecrets {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async add(botId: string, secret: string, at = new Date()): Promise<void> {
    await this.dataSource.query(`INSERT INTO "admin"."bot_signing_secrets" ("bot_id", "sealed", "created_at") VALUES ($1, $2, $3)`, [
      botId,
      this.box.seal(secret),
      at,
    ]);
  }

  /** The bot's current secret; a bot made before secrets were kept gets one now. */
  async current(botId: string): Promise<string> {
    const [newest] = await this.active(botId);
    if (newest) return newest;
    const secret = newSecret('bp_ss');
    await this.add(botId, secret);
    return secret;
  }

  /** The secrets deliveries are signed with: the newest first, and any rotated out within the overlap. */
  async active(botId: string): Promise<string[]> {
    const rows = (await this.dataSource.query(
      `SELECT "sealed", "created_at" FROM "admin"."bot_signing_secrets" WHERE "bot_id" = $1 ORDER BY "created_at" DESC`,
      [botId],
    )) as Array<{ sealed: string; created_at: Date }>;
    return rows.filter((row, i) => i === 0 || rows[i - 1].created_at.getTime() > Date.now() - ROTATION_OVERLAP_MS).map((row) => this.box.open(row.sealed));
  }

  /** A new secret, current at once; the older ones stop signing a day after they were replaced. */
  async rotate(botId: string): Promise<string> {
    const secret = newSecret('bp_ss');
    await this.add(botId, secret);
    await this.dataSource.query(`DELETE FROM "admin"."bot_signing_secrets" WHERE "bot_id" = $1 AND "created_at" < now() - $2 * interval '1 millisecond'`, [
      botId,
      2 * ROTATION_OVERLAP_MS,
    ]);
    return secret;
  }
}
