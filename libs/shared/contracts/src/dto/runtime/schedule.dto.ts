import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsString, MaxLength, MinLength, registerDecorator, ValidateIf, ValidationArguments } from 'class-validator';

/** Latest a message or event may be scheduled for, from now (one year). */
export const MAX_SCHEDULE_MS = 366 * 24 * 3600 * 1000;

/** `delay`: milliseconds from 0 to a year; absent only when `dateTime` is given. */
function IsDelay(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isDelay',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === undefined
            ? (args.object as ScheduleBody).dateTime !== undefined
            : typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_SCHEDULE_MS,
        defaultMessage: (args?: ValidationArguments) =>
          args?.value === undefined ? 'schedule needs either dateTime or delay' : `delay must be a number of milliseconds from 0 to ${MAX_SCHEDULE_MS}`,
      },
    });
}

/**
 * When a message or event is to be sent: at `dateTime` (ISO 8601) or after `delay` milliseconds,
 * exactly one of the two. A time already past is due at once.
 */
export class ScheduleBody {
  @ApiPropertyOptional({ minLength: 24, maxLength: 28, format: 'date-time', description: 'When it is to be sent, in ISO 8601 format' })
  @ValidateIf((o: ScheduleBody) => o.dateTime !== undefined)
  @IsString()
  @MinLength(24)
  @MaxLength(28)
  @IsISO8601({ strict: true }, { message: 'schedule.dateTime must be an ISO 8601 date and time' })
  dateTime?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_SCHEDULE_MS, description: 'Delay in milliseconds before it is sent' })
  @IsDelay()
  delay?: number;
}

/** The moment a schedule names, or why it is refused (both given, or too far ahead). */
export function scheduledTime(schedule: ScheduleBody, now: Date): { at: Date } | { error: string } {
  if (schedule.dateTime !== undefined && schedule.delay !== undefined) return { error: 'schedule takes either dateTime or delay, not both' };
  const at = schedule.dateTime !== undefined ? new Date(schedule.dateTime) : new Date(now.getTime() + (schedule.delay ?? 0));
  if (Number.isNaN(at.getTime())) return { error: 'schedule.dateTime must be an ISO 8601 date and time' };
  if (at.getTime() - now.getTime() > MAX_SCHEDULE_MS) return { error: 'schedule is at most one year ahead' };
  return { at };
}
