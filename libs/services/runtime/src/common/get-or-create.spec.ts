import { GetOrCreate } from './get-or-create';
import { KeyLock } from './key-lock';

type Item = { id: string; tags: Record<string, string> };

/** A lock that counts the times it is taken (and runs the work at once). */
function countingLock() {
  const taken: string[] = [];
  const lock = { run: (key: string, work: () => Promise<unknown>) => (taken.push(key), work()) } as unknown as KeyLock;
  return { lock, taken };
}

/** Steps over a list of items, found by id, recording what they write. */
function steps(items: Item[]) {
  const written: string[] = [];
  return {
    written,
    key: ['user', 'bot_1'],
    find: async () => items[0] ?? null,
    create: async () => (written.push('create'), { id: 'new', tags: { externalId: 'x' } }),
    retag: async (item: Item, tags: Record<string, string | null>) => (
      written.push('retag'),
      { ...item, tags: { ...item.tags, ...(tags as Record<string, string>) } }
    ),
  };
}

describe('GetOrCreate', () => {
  it('answers an item that already has the tags without taking the lock or writing', async () => {
    const { lock, taken } = countingLock();
    const s = steps([{ id: 'u1', tags: { externalId: 'x', plan: 'pro' } }]);
    await expect(new GetOrCreate(lock).run({ externalId: 'x' }, s)).resolves.toEqual({
      item: { id: 'u1', tags: { externalId: 'x', plan: 'pro' } },
      created: false,
    });
    expect(taken).toEqual([]);
    expect(s.written).toEqual([]);
  });

  it('retags an item found under the lock', async () => {
    const { lock, taken } = countingLock();
    const s = steps([{ id: 'u1', tags: { externalId: 'x' } }]);
    const { item, created } = await new GetOrCreate(lock).run({ externalId: 'x', plan: 'pro' }, s);
    expect([item.tags, created]).toEqual([{ externalId: 'x', plan: 'pro' }, false]);
    expect(taken).toEqual([JSON.stringify(s.key)]);
    expect(s.written).toEqual(['retag']);
  });

  it('creates under the lock when nothing is found', async () => {
    const { lock, taken } = countingLock();
    const s = steps([]);
    await expect(new GetOrCreate(lock).run({ externalId: 'x' }, s)).resolves.toMatchObject({ item: { id: 'new' }, created: true });
    expect(taken).toHaveLength(1);
    expect(s.written).toEqual(['create']);
  });
});
