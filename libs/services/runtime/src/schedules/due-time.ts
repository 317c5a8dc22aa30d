import { Errors, ScheduleBody, scheduledTime } from '@platform/contracts';

/** When a request's schedule is due; a schedule naming both a time and a delay, or too far ahead, is refused (400). */
export function dueTime(schedule: ScheduleBody, now = new Date()): Date {
  const due = scheduledTime(schedule, now);
  if ('error' in due) throw Errors.invalidPayload(due.error);
  return due.at;
}
