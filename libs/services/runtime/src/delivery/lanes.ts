import { EntityManager } from 'typeorm';
import type { EventEntity } from '../events/event.entity';

/** The lane of an event without a conversation: it is delivered on its own, in no order. */
export const LONE_EVENT_LANE = 'event:';

/**
 * The delivery lane of an event: its conversation (whose events go to the bot one at a time, in
 * order), or the event alone.
 */
export function laneOf(event: Pick<EventEntity, 'id' | 'conversationId'>): string {
  return event.conversationId ?? `${LONE_EVENT_LANE}${event.id}`;
}

/**
 * Queues the lanes of events to deliver, in the transaction that records them: a lane with
 * pending events always has its mailbox row (a periodic sweep repairs the rare race where a
 * dispatcher closes a mailbox just as a new event of its lane commits).
 */
export async function enqueueLanes(manager: EntityManager, events: EventEntity[]): Promise<void> {
  const lanes = [...new Map(events.filter((e) => e.status === 'pending').map((e) => [`${e.botId}\u0000${laneOf(e)}`, [e.botId, laneOf(e)]])).values()];
  if (lanes.length === 0) return;
  const values = lanes.map((_, i) => `($${2 * i + 1}, $${2 * i + 2}, now())`).join(', ');
  await manager.query(`INSERT INTO "runtime"."delivery_mailboxes" ("bot_id", "lane", "next_attempt_at") VALUES ${values} ON CONFLICT DO NOTHING`, lanes.flat());
}
