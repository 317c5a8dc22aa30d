import { EntityManager } from 'typeorm';
import { CommitOptions, oneStatement, runStatement, Statement } from '@platform/persistence';
import type { EventEntity } from '../events/event.entity';
import type { Lane } from './mailboxes.repository';

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
 * The order of a lane's pending events (as `alias`): a scheduled event takes its place by when it
 * was due, so a backlog drains in due order. It is the order of the index of pending events
 * (`events_pending`), so reading a lane's first pending event is one step into that index.
 */
export function pendingOrder(alias: string): string {
  return `coalesce(${alias}."scheduled_for", ${alias}."created_at"), ${alias}."created_at", ${alias}."id"`;
}

/**
 * The condition on an event (as `alias`) that it is of the lane, with the value of its
 * placeholder: the conversation's id, or the lone event's own (each has its index).
 */
export function ofLane(alias: string, lane: string, placeholder: string): { condition: string; value: string } {
  return lane.startsWith(LONE_EVENT_LANE)
    ? { condition: `${alias}."id" = ${placeholder}`, value: lane.slice(LONE_EVENT_LANE.length) }
    : { condition: `${alias}."conversation_id" = ${placeholder}`, value: lane };
}

/** One key per lane of a bot, for sets and maps of lanes. */
export function laneKey(lane: Lane): string {
  return `${lane.botId}\u0000${lane.lane}`;
}

/**
 * The positions of `lanes` in the order a statement writing to several lanes locks their rows:
 * that of their keys, as `enqueueLanesStatement` queues them. Statements that all lock in this
 * order wait for each other but never in a cycle.
 */
export function lockOrder(lanes: Lane[]): number[] {
  const keys = lanes.map(laneKey);
  return keys.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0));
}

/**
 * The mailboxes (as `m`) of `from` that meet `condition`, locked in the order of `lockOrder`, for
 * a statement that picks the lanes it locks in the database rather than from a list (a claim, a
 * bot's wake-up, a stopping dispatcher's release). The bytes' order ("C") is the order in which
 * JavaScript compares the keys, their ids being ASCII; the database's own collation may differ
 * (case, punctuation). Locked in another order, a claim taking lanes oldest due first deadlocked
 * with writers holding two of them (seen under `npm run soak`, each deadlock stalling both for the
 * second Postgres waits before it looks for one).
 */
export function mailboxesLockedInOrder(from: string, condition: string): string {
  return `SELECT m."bot_id", m."lane" FROM ${from} WHERE ${condition} ORDER BY m."bot_id" COLLATE "C", m."lane" COLLATE "C" FOR UPDATE OF m`;
}

/** One lane's share of a statement over several (`lockOrderedStatement`). */
export interface LaneGroup {
  /** Its parts, numbered in the statement from `w<base>`. */
  parts: Statement[];
  /** Its row of the answer, after `SELECT` and the group's number: the select list, FROM and the rest. */
  answer: string;
}

/**
 * One statement of a group of parts for each of `lanes`, the groups in the lanes' lock order
 * (`lockOrder`): a group's parts run when the answer reads its row, so each lane's rows are
 * locked one lane after the other in that order. `group(index, base)` makes the group of the
 * lane at `index`, its parts numbered from `w<base>`. The answer holds one row per group that
 * answers (`UNION ALL`), each with its `"group"`, which `laneOf` turns back into the lane's index.
 */
export function lockOrderedStatement(
  lanes: Lane[],
  group: (index: number, base: number) => LaneGroup,
  options?: CommitOptions,
): { statement: Statement; laneOf: (row: Record<string, unknown>) => number } {
  const order = lockOrder(lanes);
  const parts: Statement[] = [];
  const answers = order.map((index, position) => {
    const own = group(index, parts.length);
    parts.push(...own.parts);
    return `SELECT ${position} AS "group", ${own.answer}`;
  });
  return { statement: oneStatement(parts, { text: answers.join(' UNION ALL '), values: [] }, options), laneOf: (row) => order[row.group as number] };
}

/**
 * Queues the lanes of events to deliver, in the transaction that records them: a lane with
 * pending events always has its mailbox row. An existing mailbox is locked (a no-op update), so
 * a dispatcher closing it at that moment waits for this transaction, then finds a newer version
 * of the row and keeps it (`MailboxesRepository.closeStatement`); lanes are locked in one order,
 * so two writers cannot deadlock.
 */
export async function enqueueLanes(manager: EntityManager, events: EventEntity[]): Promise<void> {
  const statement = enqueueLanesStatement(events);
  if (statement) await runStatement(manager, statement);
}

/**
 * A lease the write queueing a lane gives the lane's mailbox when it opens it (the lane had none):
 * the writer's replica then delivers the lane at once, with the event in hand, instead of leaving
 * it for a dispatcher to find (`EventDelivery.handoff`).
 */
export interface LaneLease {
  owner: string;
  ms: number;
}

/**
 * The same, as a statement to run with others (`oneStatement`); none when no event is to be
 * delivered. With a lease (one lane only), a mailbox it opens is leased to `lease.owner`. With
 * `from` (one lane only), the lane is queued only if that query (an earlier part of the
 * statement) has a row: when what the event records was written. Each lane's row answers
 * `opened`: whether the statement opened the lane (its row inserted, not an existing one
 * updated: an inserted row version has no `xmax`, one updated by ON CONFLICT has this
 * transaction's).
 */
export function enqueueLanesStatement(events: EventEntity[], { lease, from }: { lease?: LaneLease; from?: string } = {}): Statement | undefined {
  const byKey = new Map<string, Lane>();
  for (const event of events.filter((e) => e.status === 'pending')) {
    const lane = { botId: event.botId, lane: laneOf(event) };
    byKey.set(laneKey(lane), lane);
  }
  const lanes = [...byKey.keys()].sort().map((key) => byKey.get(key)!);
  if (lanes.length === 0) return undefined;
  if ((lease || from) && lanes.length !== 1) throw new Error('A lane lease or condition is given with the events of one lane');
  const head = `INSERT INTO "runtime"."delivery_mailboxes" AS m ("bot_id", "lane", "next_attempt_at"${lease ? ', "lease_owner", "lease_until"' : ''})`;
  const onConflict = `ON CONFLICT ("bot_id", "lane") DO UPDATE SET "next_attempt_at" = m."next_attempt_at" RETURNING (m."xmax" = 0) AS "opened"`;
  if (lease || from) {
    const row = `$1, $2, now()${lease ? `, $3, now() + $4 * interval '1 millisecond'` : ''}`;
    return {
      text: `${head} ${from ? `SELECT ${row} FROM ${from}` : `VALUES (${row})`} ${onConflict}`,
      values: [lanes[0].botId, lanes[0].lane, ...(lease ? [lease.owner, lease.ms] : [])],
    };
  }
  const values = lanes.map((_, i) => `($${2 * i + 1}, $${2 * i + 2}, now())`).join(', ');
  return { text: `${head} VALUES ${values} ${onConflict}`, values: lanes.flatMap((lane) => [lane.botId, lane.lane]) };
}
