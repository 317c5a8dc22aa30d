import { Injectable } from '@nestjs/common';
import { newId } from '@platform/contracts';
import { RequestTransactions, TurnBatches } from '@platform/persistence';
import { applyTagChanges, TagChanges } from '../common/tags';
import { EventOutbox } from '../delivery/event-outbox';
import type { LaneHandoff } from '../delivery/event-delivery';
import { EventEntity } from '../events/event.entity';
import { newEvent } from '../events/new-event';
import { ConversationSignals } from '../signals/conversation-signals';
import { toRuntimeMessageView } from './message-view';
import { MessageEntity } from './message.entity';
import { GroupWritten, MessageGroup, MessagesRepository, MessageWrite, writtenTogether } from './messages.repository';
import { WriteBatches } from './write-batches';

/** Type of the event recording a new incoming message (docs/contracts.md, "Events"). */
export const MESSAGE_CREATED = 'message_created';

export interface NewMessage {
  botId: string;
  conversationId: string;
  /** The author's user id; the bot's own (the bot id) makes the message outgoing. */
  authorId: string;
  /** Written only if this user takes part in the conversation (an integration acting for an end user). */
  participantId?: string;
  type: string;
  payload: Record<string, unknown>;
  /** A null or empty value is no tag. */
  tags?: TagChanges;
}

/** Messages of one conversation written together at most (`WriteBatches`). */
const MAX_BATCH = 32;
/** Conversations written in one statement at most (`TurnBatches`). */
const MAX_CONVERSATIONS = 16;

interface PendingWrite extends MessageWrite {
  participantId?: string;
}

interface Stored {
  written: boolean;
  opened: boolean;
  /** Room this replica holds to deliver the lane the write may open itself: asked for by a batch's first write only. */
  handoff?: LaneHandoff;
}

/**
 * The one way a message is written, from a chat user or from a bot: the message, the event that
 * records an incoming one (same transaction), its delivery to the bot, and the live signal.
 * Edits and deletions go through it too, so every change of a message has one place. A write
 * reads nothing first: it happens only if its conversation and author are there (and the user it
 * is written for takes part), and answers nothing otherwise, for the caller to say why.
 */
@Injectable()
export class MessageWriter {
  /**
   * This replica's writes to a conversation go one statement at a time, and those that come
   * meanwhile go together in the next (of one author, for one acting user): a busy conversation
   * takes its row lock and a commit once per batch, not once per message.
   */
  private readonly batches = new WriteBatches<PendingWrite, Stored>({
    max: MAX_BATCH,
    together: (first, next) => next.participantId === first.participantId && writtenTogether(first, next),
    write: async (writes, follows) => {
      const [first] = writes;
      // Only the first event can open the lane (the others are in it behind it), so it alone
      // asks for room to deliver it here: an incoming message in a conversation with nothing
      // waiting is delivered by this replica at once.
      const handoff = first.event && this.outbox.handoff(first.event);
      let stored: { written: boolean; opened: boolean };
      try {
        const group = { writes, lease: handoff?.lease, participantId: first.participantId };
        // A batch that waited for the one before it in its conversation goes as soon as that one
        // ends: it is started by a reply of the database, not by requests read in a burst, and
        // held for the end of the turn it would only leave the database idle meanwhile.
        stored = follows ? (await this.messages.insertGroups([group]))[0] : await this.statements.add(group);
      } catch (error) {
        handoff?.done(false);
        throw error;
      }
      return writes.map((_, i) => (i === 0 ? { ...stored, handoff } : { written: stored.written, opened: false }));
    },
  });

  /**
   * The batches of different conversations ready in one turn go in one statement: a replica
   * under load reads many requests at once, and each conversation's write would otherwise take a
   * statement and a commit of its own. Batches of one shape (count, event, acting user, lease)
   * share a statement text, which the database keeps prepared.
   */
  private readonly statements = new TurnBatches<MessageGroup, GroupWritten>({
    max: MAX_CONVERSATIONS,
    shape: ({ writes, lease, participantId }) => `${writes.length}:${writes[0].event ? 'e' : ''}:${participantId ? 'p' : ''}:${lease ? 'l' : ''}`,
    run: (groups) => this.messages.insertGroups(groups),
  });

  constructor(
    private readonly messages: MessagesRepository,
    private readonly outbox: EventOutbox,
    private readonly signals: ConversationSignals,
  ) {}

  async write(input: NewMessage): Promise<MessageEntity | undefined> {
    const { message, event } = this.compose(input);
    const stored = await this.store({ message, event, participantId: input.participantId });
    const { handoff } = stored;
    if (!stored.written) {
      handoff?.done(false);
      return undefined;
    }
    // Listeners see the message before the bot's handling of it (its status signals). The
    // dispatchers are woken for a lane this write opened in the queue, and only then: a lane
    // already there is being delivered (its delivery reads on to this event, or hands the lane
    // back due at once if it was closing it) or waits for its turn, a retry or a url, which a
    // wake-up would not bring forward (and the dispatchers' poll finds it either way).
    this.announce(message, stored.opened && handoff === undefined ? event : undefined);
    handoff?.done(stored.opened);
    return message;
  }

  /**
   * Stores a write, with others of its conversation (`batches`), or alone in the request's
   * transaction when one is open (whose commit comes later, so its lanes go to the dispatchers:
   * `EventDelivery.handoff`).
   */
  private store(write: PendingWrite): Promise<Stored> {
    const { message, event, participantId } = write;
    if (RequestTransactions.isOpen()) return this.messages.insertWithEvent(message, event, { participantId });
    return this.batches.write(`${message.botId}\u0000${message.conversationId}`, write);
  }

  /** An imported message: created at its original time, without an event (the bot is not told of history). */
  async writeImported(input: NewMessage, createdAt: Date): Promise<MessageEntity | undefined> {
    const { message } = this.compose(input, undefined, createdAt);
    const { written } = await this.messages.insertWithEvent(message, undefined, { participantId: input.participantId });
    if (!written) return undefined;
    this.announce(message);
    return message;
  }

  /**
   * The message and the event recording it if it is incoming, not yet stored: `write` stores
   * them at once; the scheduler stores them when due, under the id given when it was scheduled.
   * The event's payload holds the message; its write adds the user and the conversation.
   */
  compose(input: NewMessage, id = newId('msg'), now = new Date()): { message: MessageEntity; event?: EventEntity } {
    const direction = input.authorId === input.botId ? 'outgoing' : 'incoming';
    const message: MessageEntity = {
      botId: input.botId,
      id,
      conversationId: input.conversationId,
      userId: input.authorId,
      direction,
      type: input.type,
      payload: input.payload,
      tags: applyTagChanges({}, input.tags),
      createdAt: now,
      updatedAt: now,
    };
    const event =
      direction === 'incoming'
        ? newEvent(
            {
              botId: input.botId,
              type: MESSAGE_CREATED,
              direction,
              conversationId: message.conversationId,
              userId: message.userId,
              messageId: message.id,
              payload: { message: toRuntimeMessageView(message) },
            },
            now,
          )
        : undefined;
    return { message, event };
  }

  /** A stored message: its event goes to the bot, and the conversation's listeners see it. */
  announce(message: MessageEntity, event?: EventEntity): void {
    if (event) this.outbox.publish([event]);
    this.signals.emit(message.botId, message.conversationId, { type: 'message_created', message: toRuntimeMessageView(message) });
  }

  /** Replaces the payload and merges the tags; listeners are told of the edit. */
  async update(message: MessageEntity, input: { payload?: Record<string, unknown>; tags?: TagChanges }): Promise<MessageEntity> {
    const changes = {
      ...(input.payload !== undefined ? { payload: input.payload } : {}),
      ...(input.tags !== undefined ? { tags: applyTagChanges(message.tags, input.tags) } : {}),
      updatedAt: new Date(),
    };
    await this.messages.update(message.botId, message.id, changes);
    const updated = { ...message, ...changes };
    this.signals.emit(message.botId, message.conversationId, { type: 'message_updated', message: toRuntimeMessageView(updated) });
    return updated;
  }

  async delete(message: MessageEntity): Promise<void> {
    await this.messages.delete(message);
    this.signals.emit(message.botId, message.conversationId, {
      type: 'message_deleted',
      message: { id: message.id, conversationId: message.conversationId, userId: message.userId },
    });
  }
}
