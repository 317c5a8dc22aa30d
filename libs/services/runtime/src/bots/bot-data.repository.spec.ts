import { referencingFirst } from './bot-data.repository';

describe('referencingFirst', () => {
  it('puts every table before the tables it references', () => {
    const references = [
      { child: 'participants', parent: 'conversations' },
      { child: 'participants', parent: 'users' },
      { child: 'messages', parent: 'conversations' },
      { child: 'states', parent: 'users' },
    ];
    const order = referencingFirst(['conversations', 'messages', 'participants', 'states', 'users'], references);
    for (const { child, parent } of references) expect(order.indexOf(child)).toBeLessThan(order.indexOf(parent));
    expect([...order].sort()).toEqual(['conversations', 'messages', 'participants', 'states', 'users']);
  });
});
