import { MailboxesRepository } from './mailboxes.repository';
import { MailboxStatistics, STATISTICS_CHANGED_SHARE, STATISTICS_CHECK_INTERVAL_MS, STATISTICS_MIN_CHANGES } from './mailbox-statistics';

describe('MailboxStatistics', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('looks at the statistics of the mailboxes at each interval from start-up, and no more once the replica stops', async () => {
    const refreshStatistics = jest.fn().mockResolvedValue(false);
    const statistics = new MailboxStatistics({ refreshStatistics } as unknown as MailboxesRepository);
    statistics.onApplicationBootstrap();
    expect(refreshStatistics).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(STATISTICS_CHECK_INTERVAL_MS * 2);
    expect(refreshStatistics).toHaveBeenCalledTimes(2);
    // An analysis no replica made within one interval: the next look of any replica may make it.
    expect(refreshStatistics).toHaveBeenCalledWith(STATISTICS_MIN_CHANGES, STATISTICS_CHANGED_SHARE, STATISTICS_CHECK_INTERVAL_MS);
    await statistics.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(STATISTICS_CHECK_INTERVAL_MS * 2);
    expect(refreshStatistics).toHaveBeenCalledTimes(2);
  });
});
