import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { MAX_SCHEDULE_MS, ScheduleBody, scheduledTime } from './schedule.dto';

const now = new Date('2026-01-01T00:00:00.000Z');
const problems = (plain: object) => validateSync(plainToInstance(ScheduleBody, plain), { whitelist: true, forbidNonWhitelisted: true }).map((e) => e.property);

describe('schedule', () => {
  it('is due after the delay, or at the date and time', () => {
    expect(scheduledTime({ delay: 1500 }, now)).toEqual({ at: new Date('2026-01-01T00:00:01.500Z') });
    expect(scheduledTime({ dateTime: '2026-01-02T10:00:00.000Z' }, now)).toEqual({ at: new Date('2026-01-02T10:00:00.000Z') });
    // A time already past is due at once.
    expect(scheduledTime({ dateTime: '2025-01-01T00:00:00.000Z' }, now)).toEqual({ at: new Date('2025-01-01T00:00:00.000Z') });
  });

  it('refuses both at once, and anything more than a year ahead', () => {
    expect(scheduledTime({ delay: 1, dateTime: '2026-01-02T10:00:00.000Z' }, now)).toEqual({ error: expect.stringMatching(/not both/) });
    expect(scheduledTime({ delay: MAX_SCHEDULE_MS + 1 }, now)).toEqual({ error: expect.stringMatching(/one year/) });
    expect(scheduledTime({ dateTime: '2027-06-01T00:00:00.000Z' }, now)).toEqual({ error: expect.stringMatching(/one year/) });
  });

  it('validates its fields: one of them, a number of milliseconds, an ISO date and time', () => {
    expect(problems({ delay: 0 })).toEqual([]);
    expect(problems({ dateTime: '2026-01-02T10:00:00.000Z' })).toEqual([]);
    expect(problems({})).toEqual(['delay']);
    expect(problems({ delay: -1 })).toEqual(['delay']);
    expect(problems({ delay: Number.NaN })).toEqual(['delay']);
    expect(problems({ delay: '10' })).toEqual(['delay']);
    expect(problems({ dateTime: 'next tuesday at 10 please' })).toEqual(['dateTime']);
    expect(problems({ dateTime: '2026-01-02' })).toEqual(['dateTime']);
    expect(problems({ delay: 1, repeat: true })).toEqual(['repeat']);
  });
});
