import { Errors, MAX_ANALYTICS_DAYS } from '@platform/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface Period {
  start: Date;
  end: Date;
}

/**
 * The period of getBotAnalytics, both ends inclusive. An end given as a date alone means the
 * whole of that day (UTC), so `2025-01-01`..`2025-01-31` covers January.
 */
export function analyticsPeriod(startDate: string, endDate: string): Period {
  const start = new Date(startDate);
  const end = new Date(DATE_ONLY.test(endDate) ? new Date(endDate).getTime() + DAY_MS - 1 : endDate);
  if (Number.isNaN(start.getTime())) throw Errors.invalidPayload(`startDate '${startDate}' is not a date`);
  if (Number.isNaN(end.getTime())) throw Errors.invalidPayload(`endDate '${endDate}' is not a date`);
  if (start.getTime() > end.getTime()) throw Errors.invalidPayload('startDate must not be after endDate');
  if (end.getTime() - start.getTime() >= MAX_ANALYTICS_DAYS * DAY_MS) {
    throw Errors.invalidPayload(`The period from startDate to endDate may span at most ${MAX_ANALYTICS_DAYS} days`);
  }
  return { start, end };
}

/** The UTC days the period touches, each cut to the part of it within the period. */
export function periodDays(period: Period): Array<{ day: string; start: Date; end: Date }> {
  const days: Array<{ day: string; start: Date; end: Date }> = [];
  let dayStart = Math.floor(period.start.getTime() / DAY_MS) * DAY_MS;
  while (dayStart <= period.end.getTime()) {
    days.push({
      day: new Date(dayStart).toISOString(),
      start: new Date(Math.max(dayStart, period.start.getTime())),
      end: new Date(Math.min(dayStart + DAY_MS - 1, period.end.getTime())),
    });
    dayStart += DAY_MS;
  }
  return days;
}
