import { BodyBudget } from './body-budget';

const live = () => new AbortController().signal;

describe('BodyBudget', () => {
  it('grants at once while there is room', async () => {
    const budget = new BodyBudget(100, 1);
    await budget.reserve('a', 60, live());
    await budget.reserve('b', 40, live());
    expect(budget.free).toBe(0);
  });

  it('makes a request wait until others release, in arrival order', async () => {
    const budget = new BodyBudget(100, 1);
    await budget.reserve('a', 80, live());
    const order: string[] = [];
    const first = budget.reserve('b', 50, live()).then(() => order.push('first'));
    const second = budget.reserve('c', 10, live()).then(() => order.push('second'));
    budget.release('a', 80);
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });

  it('keeps one client to its share, while others still get room', async () => {
    const budget = new BodyBudget(100, 0.25);
    await budget.reserve('greedy', 25, live());
    let greedyGranted = false;
    void budget.reserve('greedy', 1, live()).then(() => (greedyGranted = true));
    await budget.reserve('polite', 20, live());
    await new Promise((r) => setImmediate(r));
    expect(greedyGranted).toBe(false);
    budget.release('greedy', 25);
    await new Promise((r) => setImmediate(r));
    expect(greedyGranted).toBe(true);
  });

  it('drops a waiter whose request went away, and gives its turn to the next', async () => {
    const budget = new BodyBudget(100, 1);
    await budget.reserve('a', 100, live());
    const gone = new AbortController();
    const abandoned = budget.reserve('b', 50, gone.signal);
    const next = budget.reserve('c', 10, live());
    gone.abort(new Error('closed'));
    await expect(abandoned).rejects.toThrow('closed');
    budget.release('a', 100);
    await next;
    expect(budget.free).toBe(90);
    expect(budget.heldBy('b')).toBe(0);
  });
});
