import { DataSource, EntityManager, QueryRunner, ReplicationMode } from 'typeorm';
import { ContextSlot } from '@platform/logging';
import { PublishDeferral } from '@platform/messaging';

/**
 * One database transaction for all the work of a request, when the request must be all or
 * nothing (an idempotent request: its work and the record of its answer commit together).
 *
 * Inside `run`, every query the service makes through this data source — repositories, query
 * builders, `transaction()` (which becomes a savepoint) — runs on the request's one connection,
 * in its transaction; fan-out notices published meanwhile go out after the commit, or never.
 *
 * The scope is the process's, not one data source's: when several services share a process (the
 * one-process platform), a service called by another while that one's request transaction is open
 * works in the same transaction. On a single-session embedded database that is what keeps the
 * callee from waiting for a session its caller holds; on a server it keeps the request all or
 * nothing across the services.
 */
export class RequestTransactions {
  private static readonly scope = new ContextSlot<{ runner: QueryRunner; open: boolean }>('request transaction');

  /**
   * The runner of the transaction the current work belongs to, while that transaction is open. Work
   * it set going that outlives it (a woken background loop) goes back to connections of its own.
   */
  private static current(): QueryRunner | undefined {
    const entry = RequestTransactions.scope.get();
    return entry?.open ? entry.runner : undefined;
  }
  /** Whether the current work belongs to an open request transaction, whose connection its queries must use. */
  static isOpen(): boolean {
    return RequestTransactions.current() !== undefined;
  }

  private readonly createOwn: (mode?: ReplicationMode) => QueryRunner;

  constructor(dataSource: DataSource, options: { singleSession?: boolean } = {}) {
    this.createOwn = dataSource.createQueryRunner.bind(dataSource);
    // The request's runner stands in for the new one TypeORM asks for; it is released by `run` only.
    dataSource.createQueryRunner = (mode?: ReplicationMode) => RequestTransactions.current() ?? this.createOwn(mode);
    if (options.singleSession) this.shareTransactions(dataSource.manager);
  }

  /**
   * On a single-session database a transaction's work may not query on another connection: that
   * query would wait for the session the transaction holds. There, every transaction of the data
   * source runs as a request transaction, so whatever its work queries meanwhile joins it.
   */
  private shareTransactions(manager: EntityManager): void {
    const own = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
    manager.transaction = ((...args: unknown[]) => {
      // Already inside one: TypeORM's own handling (a savepoint on the shared runner).
      if (RequestTransactions.current()) return own(...args);
      // (isolationLevel?, work): DataSource.transaction passes both, the second undefined without a level.
      const work = args.find((arg) => typeof arg === 'function') as (transactional: EntityManager) => Promise<unknown>;
      return this.run((runner) => work(runner.manager));
    }) as EntityManager['transaction'];
  }

  async run<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    // Already inside a request's transaction (a service called by another in this process): join it.
    const outer = RequestTransactions.current();
    if (outer) return work(outer);
    const runner = this.createOwn('master');
    const shared = new Proxy(runner, {
      get: (target, property, receiver) => (property === 'release' ? async () => undefined : Reflect.get(target, property, receiver)),
    });
    const entry = { runner: shared, open: true };
    try {
      await runner.connect();
      await runner.startTransaction();
      const held = await PublishDeferral.run(() => RequestTransactions.scope.run(entry, () => work(shared)));
      // The work is done: anything it left running queries on connections of its own from now on.
      entry.open = false;
      if ('error' in held) {
        await runner.rollbackTransaction().catch(() => undefined);
        await held.settle(false);
        throw held.error;
      }
      try {
        await runner.commitTransaction();
      } catch (error) {
        await held.settle(false);
        throw error;
      }
      await held.settle(true);
      return held.result;
    } finally {
      entry.open = false;
      await runner.release();
    }
  }
}
