import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { RequestTransactions } from './request-transactions';
import { findByKey } from './statements';
import { createTestDatabase, dropTestDatabase } from './test-databases';

@Entity({ name: 'gathered_items' })
class Item {
  @PrimaryColumn('text') owner: string;
  @PrimaryColumn('int') n: number;
  @Column('text') label: string;
}

@Entity({ name: 'gathered_kinds' })
class Kind {
  @PrimaryColumn({ type: 'enum', enum: ['plain', 'fancy'] }) kind: 'plain' | 'fancy';
  @Column('text') label: string;
}

/** Reads by key on Postgres itself: those of one turn in one statement, each answered its own row. */
describe('GatheredReads, through findByKey (on Postgres)', () => {
  const database = `gathered_reads_${randomBytes(6).toString('hex')}`;
  let dataSource: DataSource;
  const pool = () => (dataSource.driver as PostgresDriver).master as Pool;
  const find = (owner: string, n: unknown) => findByKey(dataSource.manager, Item, { owner, n } as Partial<Item>);

  beforeAll(async () => {
    const url = await createTestDatabase(database);
    dataSource = await new DataSource({ type: 'postgres', url, entities: [Item, Kind], synchronize: true, extra: { max: 4 } }).initialize();
    await dataSource.manager.insert(Item, [
      { owner: 'ann', n: 1, label: 'ann one' },
      { owner: 'ann', n: 2, label: 'ann two' },
      { owner: 'bob', n: 1, label: 'bob one' },
    ]);
    await dataSource.manager.insert(Kind, [
      { kind: 'plain', label: 'a plain one' },
      { kind: 'fancy', label: 'a fancy one' },
    ]);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await dropTestDatabase(database);
  });

  /** How many statements took a connection of the pool while `work` ran. */
  async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
    const connect = jest.spyOn(pool(), 'connect');
    try {
      const result = await work();
      return { result, statements: connect.mock.calls.length };
    } finally {
      connect.mockRestore();
    }
  }

  it('reads the keys asked for in one turn in one statement, each its own row or none', async () => {
    const { result, statements } = await statementsOf(() => Promise.all([find('bob', 1), find('ann', 2), find('ann', 3), find('ann', 1), find('bob', 1)]));
    expect(statements).toBe(1);
    expect(result.map((item) => item?.label ?? null)).toEqual(['bob one', 'ann two', null, 'ann one', 'bob one']);
    expect(result[0]).toBeInstanceOf(Item);
  });

  it('reads keys of a type it does not gather (an enum) one statement each', async () => {
    const { result, statements } = await statementsOf(() =>
      Promise.all([findByKey(dataSource.manager, Kind, { kind: 'fancy' }), findByKey(dataSource.manager, Kind, { kind: 'plain' })]),
    );
    expect(statements).toBe(2);
    expect(result.map((kind) => kind?.label)).toEqual(['a fancy one', 'a plain one']);
  });

  it('reads a key asked for in a later turn in a statement of its own', async () => {
    const { result, statements } = await statementsOf(async () => [await find('ann', 1), await find('bob', 1)]);
    expect(statements).toBe(2);
    expect(result.map((item) => item?.label)).toEqual(['ann one', 'bob one']);
  });

  it('fails only the read whose key the database refused', async () => {
    const reads = await Promise.allSettled([find('ann', 1), find('ann', 'not a number'), find('bob', 1)]);
    expect(reads.map((read) => (read.status === 'fulfilled' ? read.value?.label : (read.reason as { code: string }).code))).toEqual([
      'ann one',
      '22P02',
      'bob one',
    ]);
  });

  it("reads in a transaction's manager, or in a request's transaction, on that transaction's connection", async () => {
    await dataSource.transaction(async (manager) => {
      await manager.insert(Item, { owner: 'cat', n: 1, label: 'not committed' });
      const [inside, outside] = await Promise.all([findByKey(manager, Item, { owner: 'cat', n: 1 }), find('cat', 1)]);
      expect(inside?.label).toBe('not committed');
      expect(outside).toBeNull();
    });
    await new RequestTransactions(dataSource)
      .run(async () => {
        await dataSource.manager.insert(Item, { owner: 'dan', n: 1, label: 'the request’s' });
        expect((await Promise.all([find('dan', 1), find('ann', 1)])).map((item) => item?.label)).toEqual(['the request’s', 'ann one']);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await find('dan', 1)).toBeNull();
  });
});
