import { ApiError } from '@platform/contracts';
import { analyticsPeriod, periodDays } from './analytics-period';

describe('the period of getBotAnalytics', () => {
  it('ends a date-only end with its day, and cuts the period into the UTC days it touches', () => {
    const period = analyticsPeriod('2024-02-28T22:30:00+02:00', '2024-03-01');
    expect(period).toEqual({ start: new Date('2024-02-28T20:30:00.000Z'), end: new Date('2024-03-01T23:59:59.999Z') });
    expect(periodDays(period).map((d) => [d.day, d.start.toISOString(), d.end.toISOString()])).toEqual([
      ['2024-02-28T00:00:00.000Z', '2024-02-28T20:30:00.000Z', '2024-02-28T23:59:59.999Z'],
      ['2024-02-29T00:00:00.000Z', '2024-02-29T00:00:00.000Z', '2024-02-29T23:59:59.999Z'],
      ['2024-03-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z', '2024-03-01T23:59:59.999Z'],
    ]);
    // An instant is a period too: one day, from and to it.
    const instant = analyticsPeriod('2024-05-05T05:05:05.005Z', '2024-05-05T05:05:05.005Z');
    expect(periodDays(instant).map((d) => [d.start.toISOString(), d.end.toISOString()])).toEqual([['2024-05-05T05:05:05.005Z', '2024-05-05T05:05:05.005Z']]);
  });

  it('refuses an end before the start and a period over 366 days', () => {
    expect(() => analyticsPeriod('2024-01-02', '2024-01-01T23:59:59Z')).toThrow(ApiError);
    expect(() => analyticsPeriod('2023-01-01', '2024-01-02')).toThrow(/at most 366 days/);
    expect(periodDays(analyticsPeriod('2024-01-01', '2024-12-31'))).toHaveLength(366);
  });
});
