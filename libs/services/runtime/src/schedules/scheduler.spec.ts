import { Scheduler } from './scheduler';
import { DueItem, Upcoming } from './schedules.repository';

/** A scheduler over fakes: a queue whose turn may be held elsewhere, and records of what it did. */
function setUp(options: { turn?: boolean; items?: DueItem[]; conversation?: boolean; upcoming?: Upcoming } = {}) {
  const calls: string[] = [];
  // The manager of the schedules' transaction: its statements go through `query`.
  const manager = {
    queryRunner: {},
    update: jest.fn(async (_entity: unknown, where: { id: string }) => {
      calls.push(`activate ${where.id}`);
      return { affected: 1 };
    }),
    findOneOrFail: jest.fn(async (_entity: unknown, { where }: { where: { botId: string; id: string } }) => ({
      ...where,
      status: 'pending',
      conversationId: 'conv_1',
      direction: 'outgoing',
      type: 'reminder',
      payload: {},
      createdAt: new Date(),
    })),
    query: jest.fn(async () => []),
    insert: jest.fn(),
  };
  const schedules = {
    upcoming: jest.fn(async (): Promise<Upcoming> => options.upcoming ?? { itemInMs: null, otherInMs: null }),
    transaction: jest.fn(async <T>(work: (m: unknown) => Promise<T>) => work(manager)),
    takeTurn: jest.fn(async () => options.turn ?? true),
    takeDue: jest.fn(async () => options.items ?? []),
  };
  const outbox = { publish: jest.fn((events: Array<{ id: string }>) => calls.push(`publish ${events.map((e) => e.id).join(',')}`)) };
  const writer = { compose: jest.fn(() => ({ message: { id: 'msg' } })), announce: jest.fn() };
  // The write happens only where the conversation is.
  const messages = { insertWithEvent: jest.fn(async () => ({ written: options.conversation !== false, opened: false })) };
  const botLogs = { write: jest.fn(async (_bot: string, level: string, message: string) => void calls.push(`${level} ${message}`)) };
  const signals = { emit: jest.fn() };
  const none = async () => null;
  const states = { untilNextExpiryQuery: () => 'SELECT NULL', takeExpired: jest.fn(async () => []) };
  const bus = { subscribe: jest.fn(async () => ({ unsubscribe: () => undefined })) };
  const scheduler = new Scheduler(
    schedules as never,
    states as never,
    { find: async () => (options.conversation === false ? null : { id: 'conv_1', messageCount: 0 }) } as never,
    messages as never,
    writer as never,
    outbox as never,
    signals as never,
    botLogs as never,
    bus as never,
    { timeOut: none } as never,
    {} as never,
    { timeOut: async () => false } as never,
  );
  return { scheduler, calls, schedules, states, writer, messages };
}

const item = (id: string, kind: DueItem['kind'], body: Record<string, unknown> = {}): DueItem => ({ botId: 'bot', id, kind, dueAt: new Date(), body });

describe('Scheduler', () => {
  it('makes due events pending in due order and wakes the dispatchers once, after the commit', async () => {
    const { scheduler, calls } = setUp({ items: [item('evt_1', 'event'), item('evt_2', 'event')] });
    expect(await scheduler.fireDue()).toBe(false);
    expect(calls).toEqual(['activate evt_1', 'activate evt_2', 'publish evt_1,evt_2']);
  });

  it('fires nothing while another replica has the turn', async () => {
    const { scheduler, calls, schedules } = setUp({ turn: false, items: [item('evt_1', 'event')] });
    expect(await scheduler.fireDue()).toBe(false);
    expect(schedules.takeDue).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('drops a scheduled message whose conversation is gone, saying so in the bot logs', async () => {
    const body = { conversationId: 'conv_gone', userId: 'bot', type: 'text', payload: {}, tags: {} };
    const { scheduler, calls, writer } = setUp({ conversation: false, items: [item('msg_1', 'message', body)] });
    await scheduler.fireDue();
    expect(writer.announce).not.toHaveBeenCalled();
    expect(calls).toEqual(['warn Scheduled message msg_1 was not sent: its conversation conv_gone no longer exists']);
  });

  it('says a full batch may have more behind it', async () => {
    const items = Array.from({ length: 100 }, (_, i) => item(`wf_${i}`, 'workflow_timeout'));
    const { scheduler } = setUp({ items });
    expect(await scheduler.fireDue()).toBe(true);
  });

  describe('a look at what is due', () => {
    it.each([
      ['nothing waits', { itemInMs: null, otherInMs: null }, 250],
      ['the next item is far off', { itemInMs: 60_000, otherInMs: null }, 250],
      ['a state expires before the next item', { itemInMs: 120, otherInMs: 80 }, 80],
      ['an item is due in a few milliseconds', { itemInMs: 3, otherInMs: null }, 20],
    ])('is one read while nothing is due (%s): no transaction, and a pause until the next, at most the poll interval', async (_case, upcoming, pause) => {
      const { scheduler, schedules, states } = setUp({ upcoming });
      expect(await scheduler.round()).toBe(pause);
      expect(schedules.upcoming).toHaveBeenCalledTimes(1);
      expect(schedules.transaction).not.toHaveBeenCalled();
      expect(states.takeExpired).not.toHaveBeenCalled();
    });

    it('fires the items it found due, and only those, then looks again shortly', async () => {
      const { scheduler, calls, states } = setUp({ upcoming: { itemInMs: -5, otherInMs: 1000 }, items: [item('evt_1', 'event')] });
      expect(await scheduler.round()).toBe(20);
      expect(calls).toEqual(['activate evt_1', 'publish evt_1']);
      expect(states.takeExpired).not.toHaveBeenCalled();
    });

    it('deletes the states it found expired, and takes no turn at the items', async () => {
      const { scheduler, schedules, states } = setUp({ upcoming: { itemInMs: 1000, otherInMs: 0 } });
      expect(await scheduler.round()).toBe(20);
      expect(states.takeExpired).toHaveBeenCalledTimes(1);
      expect(schedules.takeTurn).not.toHaveBeenCalled();
    });

    it('looks again at once after a full batch', async () => {
      const items = Array.from({ length: 100 }, (_, i) => item(`wf_${i}`, 'workflow_timeout'));
      const { scheduler } = setUp({ upcoming: { itemInMs: 0, otherInMs: null }, items });
      expect(await scheduler.round()).toBe(0);
    });

    it('looks again after a moment, not at once, while another replica has the turn', async () => {
      const { scheduler, schedules } = setUp({ upcoming: { itemInMs: -1, otherInMs: null }, turn: false, items: [item('evt_1', 'event')] });
      expect(await scheduler.round()).toBe(20);
      expect(schedules.takeDue).not.toHaveBeenCalled();
    });

    it('is taken again at once when woken during the look before (what it read may be older than the item)', async () => {
      const { scheduler, schedules } = setUp();
      // The notice of a new item comes while the look is under way: the pause after it is skipped.
      schedules.upcoming.mockImplementationOnce(async () => {
        scheduler.wakeUp();
        return { itemInMs: null, otherInMs: null };
      });
      await scheduler.onApplicationBootstrap();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const looks = schedules.upcoming.mock.calls.length;
      await scheduler.onApplicationShutdown();
      // Without the wake-up, the second look would come 250 ms after the first.
      expect(looks).toBe(2);
    });
  });
});
