import { EntityManager } from 'typeorm';
import { RequestTransactions } from './request-transactions';
import { queryRows } from './statements';
import { TurnBatches } from './turn-batches';

/** Reads gathered in one statement at most. */
const READS_PER_STATEMENT = 64;

/** A column of a read's key: its name, as the read's SELECT refers to it (`k."name"`), and its SQL type. */
export interface KeyColumn {
  name: string;
  type: string;
}

/**
 * Reads of one kind by key, those of one event-loop turn in one statement (`TurnBatches`): under
 * load a replica is asked the same read many times a turn, and each would otherwise cost a round
 * trip, and Postgres a wake-up, of its own. The keys go as arrays, and each read's SELECT runs for
 * its own key (`LATERAL`, with a LIMIT that keeps Postgres from joining the keys with the whole
 * table), so one read or many have the same plan: a lookup by key for each. A read inside a
 * request's transaction runs on its own, on that transaction's connection.
 */
export class GatheredReads {
  private readonly text: string;
  private readonly batches = new TurnBatches<unknown[], Record<string, unknown> | undefined>({
    shape: () => '',
    max: READS_PER_STATEMENT,
    run: (keys) => this.run(keys),
  });

  /**
   * `select` is the SELECT of one read (one row at most), referring to its key's columns as
   * `k."name"`.
   */
  constructor(
    private readonly manager: EntityManager,
    private readonly keys: KeyColumn[],
    select: string,
  ) {
    const arrays = keys.map((key, i) => `$${i + 1}::${key.type}[]`).join(', ');
    const names = keys.map((key) => `"${key.name}"`).join(', ');
    this.text = `SELECT k."i" AS "gathered_read", r.* FROM unnest(${arrays}) WITH ORDINALITY AS k(${names}, "i") CROSS JOIN LATERAL (${select} LIMIT 1) r`;
  }

  /** The row of the key's values (in the order of the key's columns), or none. */
  read(key: unknown[]): Promise<Record<string, unknown> | undefined> {
    return RequestTransactions.isOpen() ? this.run([key]).then((rows) => rows[0]) : this.batches.add(key);
  }

  private async run(keys: unknown[][]): Promise<Array<Record<string, unknown> | undefined>> {
    const values = this.keys.map((_, column) => keys.map((key) => key[column]));
    const rows = await queryRows(this.manager, this.text, values);
    const byKey: Array<Record<string, unknown> | undefined> = new Array(keys.length);
    for (const { gathered_read: i, ...row } of rows) byKey[Number(i) - 1] = row;
    return byKey;
  }
}
