import { CommitOptions } from '@platform/persistence';

/**
 * How delivery's bookkeeping commits (an event marked delivered with its bot log line, leases
 * taken, renewed and given back, an emptied lane closed): without waiting for the disk. Losing
 * the last of these in a crash of the database only repeats what delivery may repeat: an event
 * marked delivered is delivered again, with the same id (at least once, still in order), and a
 * lease runs out. What callers write (messages, events) still waits for the disk, and a commit
 * that waited takes every earlier one with it, so the queue never goes back behind a write that
 * was answered.
 */
export const BOOKKEEPING: CommitOptions = { synchronousCommit: false };
