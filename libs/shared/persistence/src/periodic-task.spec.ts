import { Logger } from '@nestjs/common';
import { PeriodicTask } from './periodic-task';

describe('PeriodicTask', () => {
  const logger = { warn: jest.fn() } as unknown as Logger;

  it('never runs twice at once', async () => {
    let concurrent = 0;
    let most = 0;
    const task = new PeriodicTask(logger, 'work', 1000, async () => {
      most = Math.max(most, ++concurrent);
      await new Promise((r) => setTimeout(r, 20));
      concurrent--;
    });
    await Promise.all([task.run(), task.run(), task.run()]);
    expect(most).toBe(1);
  });

  it('logs a failure instead of throwing, and runs again next time', async () => {
    let calls = 0;
    const task = new PeriodicTask(logger, 'Sweeping', 1000, async () => {
      if (++calls === 1) throw new Error('database gone');
    });
    await expect(task.run()).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith('Sweeping failed: database gone');
    await task.run();
    expect(calls).toBe(2);
  });

  it('runs on its interval once started, and no more once stopped', async () => {
    jest.useFakeTimers();
    try {
      let calls = 0;
      const task = new PeriodicTask(logger, 'tick', 100, async () => void calls++);
      task.start();
      await jest.advanceTimersByTimeAsync(350);
      expect(calls).toBe(3);
      task.stop();
      await jest.advanceTimersByTimeAsync(500);
      expect(calls).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('once stopped, has finished the run under way and starts none', async () => {
    let finished = false;
    let calls = 0;
    const task = new PeriodicTask(logger, 'slow', 1000, async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 50));
      finished = true;
    });
    void task.run();
    await task.stop();
    expect(finished).toBe(true);
    await task.run();
    expect(calls).toBe(1);
  });
});
