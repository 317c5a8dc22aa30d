import { BodyBudget } from './body-budget';

describe('BodyBudget', () => {
  it('grants at once while there is room', () => {
    const budget = new BodyBudget(100);
    expect(budget.acquire(60)).toBeUndefined();
    expect(budget.acquire(40)).toBeUndefined();
  });

  it('makes a request wait until others release, in arrival order', async () => {
    const budget = new BodyBudget(100);
    budget.acquire(80);
    const order: string[] = [];
    const first = budget.acquire(50)!.then(() => order.push('first'));
    const second = budget.acquire(10)!.then(() => order.push('second'));
    expect(first).toBeInstanceOf(Promise);
    budget.release(80);
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second']);
  });

  it('never grants more than its capacity at once', async () => {
    const budget = new BodyBudget(100);
    budget.acquire(100);
    let granted = false;
    void budget.acquire(1)!.then(() => (granted = true));
    await Promise.resolve();
    expect(granted).toBe(false);
    budget.release(1);
    await new Promise((r) => setImmediate(r));
    expect(granted).toBe(true);
  });

  it('caps a single oversized request at the capacity instead of blocking forever', () => {
    const budget = new BodyBudget(100);
    expect(budget.acquire(1000)).toBeUndefined();
  });
});
