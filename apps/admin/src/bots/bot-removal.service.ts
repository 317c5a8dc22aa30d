import { Injectable, Logger } from '@nestjs/common';
import { BotInvalidation, Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';
import { BotsRepository } from './bots.repository';

/** A large bot's data takes a while to delete; the purge is worth waiting for. */
const PURGE_TIMEOUT_MS = 60000;

/**
 * Removes bots from every service: their data in the runtime, their rows here (with their
 * integrations and API keys), and whatever any replica cached about them or their webhooks.
 */
@Injectable()
export class BotRemoval {
  private readonly logger = new Logger('BotRemoval');

  constructor(
    private readonly bots: BotsRepository,
    private readonly bus: BusClient,
  ) {}

  /**
   * `deleteRows` deletes the bots' rows here. The runtime is purged first, while the bots still
   * exist: if it cannot answer, nothing is deleted and the caller may simply try again. Once the
   * rows are gone and every replica told, a second purge removes what was written meanwhile.
   */
  async remove(botIds: string[], deleteRows: () => Promise<void>): Promise<void> {
    const notices: BotInvalidation[] = [];
    for (const botId of botIds) {
      notices.push({ botId, webhookIds: (await this.bots.integrationsOf(botId)).map((i) => i.webhookId) });
      await this.purge(botId);
    }
    await deleteRows();
    for (const notice of notices) await this.bus.publish(Subjects.invalidate.bot, notice).catch(() => undefined);
    for (const botId of botIds) {
      await this.purge(botId).catch((error: Error) => this.logger.warn(`Second purge of bot ${botId} failed: ${error.message}`));
    }
  }

  private purge(botId: string): Promise<void> {
    return this.bus.request<void>(Subjects.runtime.purgeBot, { botId }, { timeoutMs: PURGE_TIMEOUT_MS });
  }
}
