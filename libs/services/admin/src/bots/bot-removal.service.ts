import { Injectable, Logger } from '@nestjs/common';
import { BotInvalidation, InternalOperations as Internal, Subjects } from '@platform/contracts';
import { BusClient, serviceEnvelope } from '@platform/messaging';
import { ADMIN } from '../admin-caller';
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
   * `deleteRows` deletes the bots' rows here. The bots' code is stopped and the runtime purged first, while the bots still
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

  /** The bot's code is unregistered and stopped, and its data deleted in the runtime, the tables and the files services. */
  private async purge(botId: string): Promise<void> {
    await this.bus.call(Internal.stopBot, serviceEnvelope(ADMIN, { body: { botId } }));
    await this.bus.call(Internal.purgeBot, serviceEnvelope(ADMIN, { body: { botId } }), { timeoutMs: PURGE_TIMEOUT_MS });
    await this.bus.call(Internal.purgeBotTables, serviceEnvelope(ADMIN, { body: { botId } }), { timeoutMs: PURGE_TIMEOUT_MS });
    await this.bus.call(Internal.purgeBotFiles, serviceEnvelope(ADMIN, { body: { botId } }), { timeoutMs: PURGE_TIMEOUT_MS });
  }
}
