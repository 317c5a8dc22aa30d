import { Scheduler } from './scheduler';
import { DueItem } from './schedules.repository';

/** A scheduler over fakes: a queue whose turn may be held elsewhere, and records of what it did. */
function setUp(options: { turn?: boolean; items?: DueItem[]; conversation?: boolean } = {}) {
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
    transaction: async <T>(work: (m: unknown) => Promise<T>) => work(manager),
    takeTurn: jest.fn(async () => options.turn ?? true),
    takeDue: jest.fn(async () => options.items ?? []),
  };
  const outbox = { publish: jest.fn((events: Array<{ id: string }>) => calls.push(`publish ${events.map((e) => e.id).join(',')}`)) };
  const writer = { compose: jest.fn(), announce: jest.fn() };
  const botLogs = { write: jest.fn(async (_bot: string, level: string, message: string) => void calls.push(`${level} ${message}`)) };
  const signals = { emit: jest.fn() };
  const none = async () => null;
  const scheduler = new Scheduler(
    schedules as never,
    {} as never,
    { find: async () => (options.conversation === false ? null : { id: 'conv_1', messageCount: 0 }) } as never,
    { find: none } as never,
    { insertWithEvent: jest.fn() } as never,
    writer as never,
    outbox as never,
    signals as never,
    botLogs as never,
    {} as never,
    { timeOut: none } as never,
    {} as never,
    { timeOut: async () => false } as never,
  );
  return { scheduler, calls, schedules, writer };
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
    expect(writer.compose).not.toHaveBeenCalled();
    expect(calls).toEqual(['warn Scheduled message msg_1 was not sent: its conversation conv_gone no longer exists']);
  });

  it('says a full batch may have more behind it', async () => {
    const items = Array.from({ length: 100 }, (_, i) => item(`wf_${i}`, 'workflow_timeout'));
    const { scheduler } = setUp({ items });
    expect(await scheduler.fireDue()).toBe(true);
  });
});
