import { Injectable, Logger } from '@nestjs/common';
import { ChatSignal, SignalEnvelope, Subjects } from '@platform/contracts';
import { BusClient } from '@platform/messaging';

/**
 * Publishes the live signals of a conversation after the change is stored. The runtime sees
 * every write (from chat users and from bots), so it is the one source of signals; listeners
 * on every gateway receive them through a plain NATS subscription.
 */
@Injectable()
export class ConversationSignals {
  private readonly logger = new Logger('ConversationSignals');

  constructor(private readonly bus: BusClient) {}

  emit(botId: string, conversationId: string, signal: ChatSignal): void {
    this.send(botId, conversationId, { signal });
  }

  /** The user's listeners get this last signal, then their streams end. */
  emitAndClose(botId: string, conversationId: string, signal: ChatSignal, closeFor: SignalEnvelope['closeFor']): void {
    this.send(botId, conversationId, { signal, closeFor });
  }

  close(botId: string, conversationId: string, closeFor: SignalEnvelope['closeFor']): void {
    this.send(botId, conversationId, { closeFor });
  }

  private send(botId: string, conversationId: string, envelope: SignalEnvelope): void {
    // The write is already committed; a lost signal must not turn it into an error.
    this.bus.publish(Subjects.signals(botId, conversationId), envelope).catch((error) => {
      this.logger.warn(`Signal for conversation ${conversationId} not published: ${(error as Error).message}`);
    });
  }
}
