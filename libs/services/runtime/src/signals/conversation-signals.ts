import { Injectable, Logger } from '@nestjs/common';
import { ConversationNotice, NoticeEnvelope, Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';

/**
 * Publishes what happened in a conversation, in runtime shapes, after the change is stored. The
 * runtime sees every write (from integrations and from bots), so it is the one source; each
 * live stream receives the notices through a plain NATS subscription and shows them in its own
 * API's shape (docs/architecture.md, "Live streams").
 */
@Injectable()
export class ConversationSignals {
  private readonly logger = new Logger('ConversationSignals');

  constructor(private readonly bus: BusClient) {}

  emit(botId: string, conversationId: string, notice: ConversationNotice): void {
    this.send(botId, conversationId, { notice });
  }

  /** The user's streams get this last notice, then end. */
  emitAndClose(botId: string, conversationId: string, notice: ConversationNotice, closeFor: NoticeEnvelope['closeFor']): void {
    this.send(botId, conversationId, { notice, closeFor });
  }

  close(botId: string, conversationId: string, closeFor: NoticeEnvelope['closeFor']): void {
    this.send(botId, conversationId, { closeFor });
  }

  private send(botId: string, conversationId: string, envelope: NoticeEnvelope): void {
    // The write is already committed; a lost notice must not turn it into an error.
    this.bus.publish(Subjects.signals(botId, conversationId), envelope).catch((error) => {
      this.logger.warn(`Notice for conversation ${conversationId} not published: ${(error as Error).message}`);
    });
  }
}
